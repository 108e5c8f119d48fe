import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Timing and process measurements for the benchmark.
enum Measure {
    /// Seconds since an arbitrary point, from the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median and minimum time of `runs` calls of `body`, after one warm-up call.
    static func seconds(runs: Int, _ body: () -> Void) -> (median: Double, best: Double) {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            times.append(now() - start)
        }
        times.sort()
        return (times[times.count / 2], times[0])
    }

    /// A finished child process: its wall time, peak resident memory and exit status.
    struct ProcessRun {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
    }

    /// Starts `path` with `arguments`, output discarded, and waits for it.
    static func process(_ path: String, _ arguments: [String]) -> ProcessRun? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        let elapsed = now() - start
        // ru_maxrss is in kilobytes on Linux.
        return ProcessRun(seconds: elapsed, peakBytes: Int(usage.ru_maxrss) * 1024, status: (status >> 8) & 0xFF)
    }

    /// The median run of `runs` runs of a process, after one warm-up run.
    static func process(_ path: String, _ arguments: [String], runs: Int) -> ProcessRun? {
        guard process(path, arguments) != nil else { return nil }
        let all = (0..<runs).compactMap { _ in process(path, arguments) }
        guard !all.isEmpty else { return nil }
        let sorted = all.sorted { $0.seconds < $1.seconds }
        var median = sorted[sorted.count / 2]
        median.peakBytes = all.map(\.peakBytes).max() ?? 0
        return median
    }
}
