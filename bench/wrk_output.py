"""The figures of one wrk run's text (`wrk --latency`), read alike by every benchmark: bench/lib.sh's
`measure` and bench/campus-peak.py's `/healthz`."""
import re


def latency_ms(text, label):
    """A latency line of wrk's distribution ("50%", "99%") in milliseconds."""
    return _ms(*re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M).groups())


def max_latency_ms(text):
    """The longest request of the run (the "Latency" line's Max column) in milliseconds."""
    return _ms(*re.search(r"^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)", text, re.M).groups())


def requests_per_second(text):
    return float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))


def _ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
