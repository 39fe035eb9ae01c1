# Shared by the benchmark scripts: wrk runs and their parsed figures.

measure() {  # measure CONNECTIONS PATH [SCRIPT] -> "rps p50 p99 non2xx"; uses $base and $duration
  local connections=$1 path=$2 script=${3:-}
  local threads=$(( connections < 2 ? 1 : 2 ))
  local output
  output=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency ${script:+-s "$script"} "$base$path")
  python3 - "$output" <<'PY'
import re, sys
text = sys.argv[1]
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{rps:.0f} {ms('50%'):.2f} {ms('99%'):.2f} {errors.group(1) if errors else 0}")
PY
}
