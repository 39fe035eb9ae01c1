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
import sys
import tempfile
import time
from pathlib import Path

import boto3
import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import local_nginx  # noqa: E402

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

    proxy_port, tls_port = free_port(), free_port()
    nginx = local_nginx.start(root, [instance.port for instance in instances], proxy_port, tls_port)
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
