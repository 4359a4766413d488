"""What the benchmark scripts share: timing a command and judging the figures."""
import subprocess
import time


def measure(command, runs=3):
    """Best wall time of `runs` runs, the largest peak RSS (KiB) seen through GNU time, and the last exit status."""
    best, peak, status = None, 0, None
    for _ in range(runs):
        start = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", *command],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        elapsed = time.monotonic() - start
        peak = max(peak, int(result.stderr.strip().splitlines()[-1]))
        best = elapsed if best is None else min(best, elapsed)
        status = result.returncode
    return best, peak, status


def verdict(failures):
    """Prints each failure and PASS or FAILED; returns the script's exit status."""
    for failure in failures:
        print(f"FAIL: {failure}")
    print("PASS" if not failures else "FAILED")
    return 1 if failures else 0
