"""Deployment tests: the built server as an operator runs it — two instances on PostgreSQL
sharing the local S3 stand-in, behind Debian's nginx with deploy/nginx.conf — and the systemd
unit. Needs DEPLOY_DATABASE_URL (a PostgreSQL database of its own, with btree_gist available),
nginx, and moto (`pip install "moto[server]"`); .ci/run provides all three.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import boto3
import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("CAMPUSMARKET_BIN", str(ROOT / ".build" / "debug" / "campusmarket"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, seconds=60, what="a condition"):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if check():
                return
        except (requests.RequestException, OSError):
            pass
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Instance:
    """One `campusmarket serve` process with a data directory of its own, as on its own machine."""

    def __init__(self, env, port, directory):
        self.port, self.directory = port, directory
        self.log = directory / "server.log"
        self.env = dict(env, DATA_DIR=str(directory))
        self.start()

    def start(self):
        self.process = subprocess.Popen([BINARY, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
                                        cwd=self.directory, env=self.env, stdout=self.log.open("a"), stderr=subprocess.STDOUT)
        wait_until(lambda: requests.get(f"{self.base}/healthz", timeout=1).status_code == 200, what=f"instance on {self.port}")

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=90)

    def requests_logged(self, path):
        return self.log.read_text().count(f"path: {path},")


@pytest.fixture(scope="session")
def stand_in():
    """The S3 stand-in (moto, checking signatures) and a bucket on it."""
    process = subprocess.Popen(["python3", str(ROOT / "scripts" / "s3-stand-in.py"), "--parent", str(os.getpid())],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    server = json.loads(process.stdout.readline())
    s3 = boto3.client("s3", endpoint_url=server["endpoint"], region_name="us-east-1",
                      aws_access_key_id=server["accessKeyId"], aws_secret_access_key=server["secretAccessKey"])
    s3.create_bucket(Bucket="campus-photos")
    yield server, s3
    process.terminate()


@pytest.fixture(scope="session")
def cluster(stand_in, tmp_path_factory):
    """Two instances on one PostgreSQL and one bucket, and nginx in front with deploy/nginx.conf."""
    database = os.environ.get("DEPLOY_DATABASE_URL")
    if not database:
        pytest.skip("DEPLOY_DATABASE_URL is not set (a PostgreSQL database for the deployment tests)")
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (apt-get install nginx)")
    server, s3 = stand_in
    root = tmp_path_factory.mktemp("deploy")
    env = dict(os.environ, DATABASE_URL=database, AUTO_MIGRATE="false", TRUST_FORWARDED_FOR="true", BCRYPT_COST="4", REGISTRATIONS_PER_ADDRESS="100000",
               LOG_LEVEL="info", PHOTO_STORE="s3://campus-photos/photos", S3_ENDPOINT=server["endpoint"],
               S3_REGION="us-east-1", AWS_ACCESS_KEY_ID=server["accessKeyId"], AWS_SECRET_ACCESS_KEY=server["secretAccessKey"])
    # Once per deploy, as the guide says; then the instances start without migrating.
    migrated = subprocess.run([BINARY, "migrate", "-y"], cwd=root, env=dict(env, DATA_DIR=str(root)), capture_output=True, text=True, timeout=300)
    assert migrated.returncode == 0, migrated.stderr
    instances = []
    for index in range(2):
        directory = root / f"instance{index}"
        directory.mkdir()
        instances.append(Instance(env, free_port(), directory))

    proxy_port = free_port()
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    config = config.replace("127.0.0.1:8081", f"127.0.0.1:{instances[0].port}").replace("127.0.0.1:8082", f"127.0.0.1:{instances[1].port}")
    config = config.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
    config = config.replace("/var/cache/nginx/campusmarket", str(root / "nginx-cache"))
    # The TLS server, with a certificate made here for the test.
    tls_port = free_port()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(root / "privkey.pem"), "-out", str(root / "fullchain.pem")], check=True, capture_output=True)
    config = config.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{tls_port} ssl http2;")
    config = config.replace("/etc/ssl/campusmarket/", f"{root}/")
    assert str(proxy_port) in config and str(instances[1].port) in config and str(tls_port) in config, "deploy/nginx.conf changed shape: update this fixture"
    (root / "campusmarket.conf").write_text(config)
    user = "user root root;" if os.geteuid() == 0 else ""
    (root / "nginx.conf").write_text(f"""
        {user}
        daemon off;
        worker_processes 1;
        pid {root}/nginx.pid;
        error_log {root}/nginx-error.log notice;
        events {{ worker_connections 1024; }}
        http {{
            access_log {root}/nginx-access.log;
            client_body_temp_path {root}/body;
            proxy_temp_path {root}/proxy;
            include {root}/campusmarket.conf;
        }}
    """)
    nginx = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(root), "-c", str(root / "nginx.conf")],
                             stderr=(root / "nginx-stderr.log").open("w"))
    proxy = f"http://127.0.0.1:{proxy_port}"
    wait_until(lambda: requests.get(f"{proxy}/healthz", timeout=1).status_code == 200, what="nginx")

    class Cluster:
        pass
    running = Cluster()
    running.proxy, running.instances, running.root, running.s3 = proxy, instances, root, s3
    running.tls_proxy = f"https://127.0.0.1:{tls_port}"
    yield running
    nginx.terminate()
    nginx.wait()
    for instance in instances:
        instance.stop()


def csrf(page):
    match = re.search(r'name="csrf" value="([^"]+)"', page)
    assert match, "no CSRF field on the page"
    return match.group(1)
