/// One path of an installer `Bom`, as `lsbom` lists it: where it installs and what it is.
package struct BOMPathEntry: Sendable, Hashable {
    /// As `mkbom` writes it: `.` for the root, `./Foo.app/Contents/Info.plist` below it.
    package let path: String
    /// The id other entries name as their parent.
    package let pathID: UInt32
    /// 0 for the root.
    package let parentID: UInt32
    package let type: BOMPathType
    /// True for a `mkbom -s` Bom: the fields below are then 0 (and the target nil).
    package let isPathOnly: Bool
    /// With the file type bits (`0o100644`, `0o40755`, `0o120755`).
    package let mode: UInt16
    package let uid: UInt32
    package let gid: UInt32
    /// Seconds since 1970.
    package let modificationTime: UInt32
    /// From `Size64` when it records the path (4 GiB or more), else the 32-bit field.
    package let size: UInt64
    /// The POSIX `cksum` CRC of a file's bytes or a link's target; 0 for others.
    package let checksum: UInt32
    package let linkTarget: String?
    package let deviceNumber: UInt32?
    /// The slices of a Mach-O file; empty for any other.
    package let architectures: [BOMArchitecture]

    package init(
        path: String, pathID: UInt32, parentID: UInt32, type: BOMPathType, isPathOnly: Bool = false, mode: UInt16, uid: UInt32, gid: UInt32,
        modificationTime: UInt32, size: UInt64, checksum: UInt32, linkTarget: String? = nil, deviceNumber: UInt32? = nil,
        architectures: [BOMArchitecture] = []
    ) {
        self.path = path
        self.pathID = pathID
        self.parentID = parentID
        self.type = type
        self.isPathOnly = isPathOnly
        self.mode = mode
        self.uid = uid
        self.gid = gid
        self.modificationTime = modificationTime
        self.size = size
        self.checksum = checksum
        self.linkTarget = linkTarget
        self.deviceNumber = deviceNumber
        self.architectures = architectures
    }
}
