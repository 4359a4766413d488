import BundleCheckFormats
import BundleCheckModel

extension InspectedBundle {
    /// A WatchKit app's executable is Apple's stub (it links the private SockPuppetGizmo
    /// framework and carries no encryption info): not the developer's code, so the checks that
    /// judge code leave it alone.
    var runsAppleStub: Bool {
        guard kind == .watchApp, let plist = infoPlist,
              plist.value(at: JSONPointer("WKWatchKitApp"))?.boolValue == true || plist.value(at: JSONPointer("WKApplication"))?.boolValue == true,
              let executable = signing?.executable
        else { return false }
        return executable.slices.contains { slice in slice.linkedDylibs.contains { $0.path.hasSuffix("/SockPuppetGizmo.framework/SockPuppetGizmo") } }
    }
}
