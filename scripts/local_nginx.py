"""deploy/nginx.conf as shipped, run here in front of local instances: the deployment tests'
proxy (tests/deploy) and the campus-peak benchmark's (bench/campus-peak.py). Only what must
differ on one machine is rewritten: the instances' ports, the listening addresses, the cache
directory and a certificate made for the run; everything else is the file an operator installs.
"""
import os
import resource
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start(root, instance_ports, proxy_port, tls_port, worker_connections=1024):
    """Writes the site and a main configuration under `root` and starts nginx (daemon off, one
    worker, `worker_connections` counting both its clients and its connections to the instances).
    Returns the process; its logs are in `root`."""
    root = Path(root)
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    shipped = ["127.0.0.1:8081", "127.0.0.1:8082"]
    assert len(instance_ports) == len(shipped), "deploy/nginx.conf names two instances"
    for name, port in zip(shipped, instance_ports):
        config = config.replace(name, f"127.0.0.1:{port}")
    config = config.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
    config = config.replace("/var/cache/nginx/campusmarket", str(root / "nginx-cache"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(root / "privkey.pem"), "-out", str(root / "fullchain.pem")], check=True, capture_output=True)
    config = config.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{tls_port} ssl http2;")
    config = config.replace("/etc/ssl/campusmarket/", f"{root}/")
    assert all(str(p) in config for p in [proxy_port, tls_port, *instance_ports]), \
        "deploy/nginx.conf changed shape: update scripts/local_nginx.py"
    (root / "campusmarket.conf").write_text(config)
    user = "user root root;" if os.geteuid() == 0 else ""
    (root / "nginx.conf").write_text(f"""
        {user}
        daemon off;
        worker_processes 1;
        worker_rlimit_nofile {min(worker_connections + 100, resource.getrlimit(resource.RLIMIT_NOFILE)[1])};
        pid {root}/nginx.pid;
        error_log {root}/nginx-error.log notice;
        events {{ worker_connections {worker_connections}; }}
        http {{
            access_log {root}/nginx-access.log;
            client_body_temp_path {root}/body;
            proxy_temp_path {root}/proxy;
            include {root}/campusmarket.conf;
        }}
    """)
    return subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(root), "-c", str(root / "nginx.conf")],
                            stderr=(root / "nginx-stderr.log").open("w"))
