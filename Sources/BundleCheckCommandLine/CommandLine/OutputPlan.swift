import BundleCheckFormats
import BundleCheckReports
import Foundation

/// The files one check writes (`--output`, each `--report`, `--write-baseline`), checked
/// before any input is read: `bundlecheck -o MyApp.ipa MyApp.ipa` must not replace the package
/// with its own report, and two outputs must not write one file. `-` is standard output,
/// which only one of them may use.
struct OutputPlan {
    /// The path that means standard output.
    static let standardOutput = "-"

    /// An output as the user wrote it, and the option that asked for it.
    struct Output {
        let option: String
        let path: String
        /// For a folder of one document per input (`PerInputDocuments`), the ending of its
        /// documents' names: formats of other endings may share the folder.
        var documentSuffix: String?
    }

    let outputs: [Output]

    init(outputPath: String?) {
        outputs = [Output(option: "--output", path: outputPath ?? Self.standardOutput)]
    }

    init(_ options: CommandOptions) {
        func output(_ option: String, _ format: ReportFormat, _ path: String) -> Output {
            Output(option: option, path: path, documentSuffix: PerInputDocuments.isFolder(path) ? format.documentSuffix : nil)
        }
        var outputs = [output("--output", options.format, options.outputPath ?? Self.standardOutput)]
        outputs += options.reports.map { output("--report \($0.format.rawValue)", $0.format, $0.path) }
        if let path = options.writeBaselinePath {
            outputs.append(Output(option: "--write-baseline", path: path))
        }
        self.outputs = outputs
    }

    init(_ options: DiffOptions) {
        outputs =
            [Output(option: "--output", path: options.outputPath ?? Self.standardOutput)]
            + options.reports.map { Output(option: "--report \($0.format.rawValue)", path: $0.path) }
    }

    /// Throws when two outputs go to standard output, or a file would be overwritten that the
    /// run reads (`reads`: what each file is, by path; a folder, such as an unpacked archive or
    /// a rule pack, protects everything inside it) or that another output writes.
    func check(against reads: [(what: String, path: String)]) throws(UsageError) {
        if outputs.filter({ $0.path == Self.standardOutput }).count > 1 {
            throw .standardOutputTwice
        }
        let files = outputs.filter { $0.path != Self.standardOutput }
        for (index, output) in files.enumerated() {
            let identity = FileIdentity(output.path)
            for read in reads where read.path != StandardInputPackage.name {
                let readIdentity = FileIdentity(read.path)
                if readIdentity == identity {
                    throw .outputOverwrites(output: output.path, what: read.what)
                }
                if readIdentity.isDirectory, identity.isInside(readIdentity) {
                    throw .outputOverwrites(output: output.path, what: "inside \(read.what) \(read.path)")
                }
            }
            let sharesFolder = { (earlier: Output) in
                earlier.documentSuffix != nil && output.documentSuffix != nil && earlier.documentSuffix != output.documentSuffix
            }
            if let earlier = files[..<index].first(where: { FileIdentity($0.path) == identity && !sharesFolder($0) }) {
                throw .outputOverwrites(output: output.path, what: "also where \(earlier.option) writes")
            }
        }
    }
}

/// Which file a path names: the device and inode when it exists (so a symbolic or hard link,
/// or `./x` against `x`, is the same file), else the absolute path with `.` and `..` resolved.
struct FileIdentity: Equatable {
    private let device: UInt64?
    private let inode: UInt64?
    private let absolutePath: String
    let isDirectory: Bool

    init(_ path: String) {
        // realpath for what exists; for a file still to be written, its parent's with the name.
        let standardized = URL(fileURLWithPath: path).standardizedFileURL
        absolutePath = FileSystem.canonicalPath(path) ?? standardized.resolvingSymlinksInPath().path
        let status = try? FileSystem.status(path, followingSymlinks: true)
        device = status?.device
        inode = status?.inode
        isDirectory = status?.type == .directory
    }

    /// Whether this path lies under `folder`, by their absolute paths with links resolved.
    func isInside(_ folder: FileIdentity) -> Bool {
        let prefix = folder.absolutePath.hasSuffix("/") ? folder.absolutePath : folder.absolutePath + "/"
        return absolutePath.hasPrefix(prefix)
    }

    static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        if let device = lhs.device, let inode = lhs.inode, rhs.device != nil {
            return device == rhs.device && inode == rhs.inode
        }
        return lhs.absolutePath == rhs.absolutePath
    }
}
