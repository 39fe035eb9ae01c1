"""The figures of one wrk run's text (`wrk --latency`), read alike by every benchmark: bench/lib.sh's
`measure` and bench/campus-peak.py's `/healthz`."""
import re


def latency_ms(text, label):
    """A latency line of wrk's distribution ("50%", "99%") in milliseconds."""
    value, unit = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def requests_per_second(text):
    return float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
