#!/usr/bin/env python3
"""Watches a running test process's NIO event-loop threads, and PostgreSQL's port, for stalls.

    python3 scripts/watch-event-loops.py LOG [SECONDS]    (beside `swift test`, on Linux)

Every 0.1 s it reads each `NIO-ELT-*` thread's syscall and state from /proc: a line when a loop
has not been back in epoll_wait for over 2 s (with its state, R = running or waiting for a core,
and its CPU ticks, `utime`, to tell spinning from starved); a line when a TCP connect to
PostgreSQL (127.0.0.1:54329) takes over 1 s; on the first loop stall over 6 s of an episode, every
thread's stack with gdb (attaching takes seconds). docs/testing.md, "Flakes"."""
import os, socket, subprocess, sys, threading, time

out = open(sys.argv[1], "a", buffering=1)
duration = float(sys.argv[2]) if len(sys.argv) > 2 else 900
def log(*a): out.write(time.strftime("%H:%M:%S") + f".{int(time.time()*1000)%1000:03d} " + " ".join(map(str, a)) + "\n")

def probe():
    while True:
        t = time.time()
        try:
            s = socket.create_connection(("127.0.0.1", 54329), timeout=20); s.close(); ok = "ok"
        except Exception as e: ok = repr(e)
        d = time.time() - t
        if d > 1:
            ss = subprocess.run(["ss", "-ltn", "sport = :54329"], capture_output=True, text=True).stdout.strip().splitlines()[-1:]
            log("PROBE connect", f"{d:.2f}s", ok, ss)
        time.sleep(0.2)
threading.Thread(target=probe, daemon=True).start()

def pid_of():
    r = subprocess.run(["pgrep", "-f", "CampusMarketPackageTests.xctest"], capture_output=True, text=True).stdout.split()
    return r[0] if r else None

last_epoll = {}
dumped = False
end = time.time() + duration
while time.time() < end:
    pid = pid_of()
    if not pid: time.sleep(0.5); continue
    now = time.time()
    worst = 0
    try: tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError: continue
    for tid in tids:
        try:
            comm = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            if not comm.startswith("NIO-ELT"): continue
            sc = open(f"/proc/{pid}/task/{tid}/syscall").read().split()
            fields = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
            state, utime = fields[0], int(fields[11])
        except Exception: continue
        key = (pid, tid)
        if sc and sc[0] in ("232", "281", "441"): last_epoll[key] = now
        since = now - last_epoll.setdefault(key, now)
        if since > 2:
            log("LOOP", comm, tid, "pid", pid, "not in epoll for", f"{since:.1f}s", "state", state, "syscall", sc[0] if sc else "?", "utime", utime)
        worst = max(worst, since)
    if worst > 6 and not dumped:
        dumped = True
        path = f"/tmp/stall-gdb-{pid}-{int(now)}.txt"
        with open(path, "w") as f:
            subprocess.run(["gdb", "-p", pid, "-batch", "-ex", "thread apply all bt 25"], stdout=f, stderr=subprocess.STDOUT, timeout=120)
        log("DUMPED", path)
    if worst < 1: dumped = False
    time.sleep(0.1)
