import Foundation

/// How many inputs `bundlecheck` checks at once by default: the processors this process may
/// run on, which in CI is rarely the machine's count. A container's CPU quota (cgroup v2
/// `cpu.max`, or v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`) and the affinity mask
/// (`taskset`, Kubernetes CPU sets) both limit it; Foundation's `activeProcessorCount` sees
/// neither. At most `defaultCeiling`: past four, one package's reading is bound by the disk.
enum ProcessorBudget {
    static let defaultCeiling = 4
    /// The most `--jobs` accepts.
    static let maximumJobs = 64

    /// The default for `--jobs`: the usable processors, at least 1 and at most `defaultCeiling`.
    static func defaultJobs() -> Int {
        let limits = [affinityCount(), cgroupQuota()].compactMap { $0 }
        let usable = limits.min() ?? ProcessInfo.processInfo.activeProcessorCount
        return min(max(usable, 1), defaultCeiling)
    }

    /// Processors in this process's affinity mask, from `/proc/self/status` (Glibc's module
    /// does not export `sched_getaffinity`); nil when that file cannot be read.
    static func affinityCount() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return processors(inList: String(line.dropFirst("Cpus_allowed_list:".count)))
        }
        return nil
    }

    /// How many processors a kernel CPU list names: `0-3,6,8-9` → 7; nil when malformed.
    static func processors(inList text: String) -> Int? {
        var count = 0
        for part in text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = bounds.first.flatMap({ Int($0) }), bounds.count <= 2 else { return nil }
            let last = bounds.count == 2 ? Int(bounds[1]) : first
            guard let last, last >= first else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// The CPU quota of this process's cgroup, rounded up to whole processors; nil without one.
    static func cgroupQuota() -> Int? {
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8) {
            return quota(cgroupV2: text)
        }
        if let quota = try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us", encoding: .utf8),
            let period = try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_period_us", encoding: .utf8)
        {
            return self.quota(cgroupV1Quota: quota, period: period)
        }
        return nil
    }

    /// `cpu.max`: `max 100000` (no quota) or `150000 100000` (1.5 processors → 2).
    static func quota(cgroupV2 text: String) -> Int? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return processors(quota: quota, period: period)
    }

    /// `cpu.cfs_quota_us` is -1 without a quota.
    static func quota(cgroupV1Quota quota: String, period: String) -> Int? {
        guard let quota = Int(quota.trimmingCharacters(in: .whitespacesAndNewlines)),
            let period = Int(period.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return processors(quota: quota, period: period)
    }

    private static func processors(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }
}
