import BundleCheckFormats
import BundleCheckModel

extension InspectedBundle {
    /// A WatchKit app's executable is Apple's stub (it links the private SockPuppetGizmo
    /// framework and carries no encryption info): not the developer's code, so the checks that
    /// judge code leave it alone. Told by the executable, never by an Info.plist key alone, which
    /// anyone can set. (A watch-only app's iOS container also runs a stub of Xcode's, but
    /// nothing known of its bytes tells it apart, so it is judged as any executable.)
    var runsAppleStub: Bool {
        guard kind == .watchApp, let plist = infoPlist,
            plist.value(at: JSONPointer("WKWatchKitApp"))?.boolValue == true || plist.value(at: JSONPointer("WKApplication"))?.boolValue == true,
            let executable = signing?.executable
        else { return false }
        return executable.slices.contains { slice in slice.linkedDylibs.contains { $0.path.hasSuffix("/SockPuppetGizmo.framework/SockPuppetGizmo") } }
    }
}

extension InspectedBundle {
    /// An iOS app that only carries a watch-only app: Xcode's stub, marked `ITSWatchOnlyContainer`.
    var isWatchOnlyContainer: Bool {
        kind == .app && infoPlist?.value(at: JSONPointer("ITSWatchOnlyContainer"))?.boolValue == true
    }

    /// A watch app that runs without an iOS app (`WKWatchOnly`).
    var isWatchOnly: Bool {
        kind == .watchApp && infoPlist?.value(at: JSONPointer("WKWatchOnly"))?.boolValue == true
    }
}
