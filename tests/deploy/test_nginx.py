"""Two instances behind nginx (deploy/nginx.conf), on one PostgreSQL and one S3 bucket: what
an operator needs to hold when a campus outgrows one machine."""
import struct
import threading
import time
import uuid
import zlib

import requests

from conftest import csrf



def png(width=4, height=4, rgb=(200, 120, 40)):
    """A small, whole PNG: what the server accepts as a photo."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PNG = png()


def register(proxy, name):
    answer = requests.post(f"{proxy}/api/v1/auth/register", timeout=10,
                           json={"email": f"{name}-{uuid.uuid4().hex[:8]}@campus.edu", "password": "correct horse battery", "name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": "Bearer " + answer.json()["token"]}


def new_listing(proxy, seller, title="Desk lamp"):
    answer = requests.post(f"{proxy}/api/v1/listings", headers=seller, timeout=10,
                           json={"title": title, "categories": ["furniture"], "condition": "good", "salePriceCents": 1500})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def test_a_web_sign_in_holds_whichever_instance_answers(cluster):
    browser = requests.Session()
    page = browser.get(f"{cluster.proxy}/signup", timeout=10).text
    email = f"ada-{uuid.uuid4().hex[:8]}@campus.edu"
    signed_up = browser.post(f"{cluster.proxy}/signup", timeout=10, allow_redirects=False,
                             data={"csrf": csrf(page), "name": "Ada", "email": email, "password": "correct horse battery"})
    assert signed_up.status_code == 303, signed_up.text
    before = [instance.requests_logged("/orders") for instance in cluster.instances]
    for _ in range(8):
        orders = browser.get(f"{cluster.proxy}/orders", timeout=10, allow_redirects=False)
        assert orders.status_code == 200, "signed out on some instance"
        assert "Sign out" in orders.text
    after = [instance.requests_logged("/orders") for instance in cluster.instances]
    assert all(a > b for a, b in zip(after, before)), f"both instances should have answered: {before} → {after}"


def test_a_photo_uploaded_through_the_proxy_loads_on_every_later_request(cluster):
    seller = register(cluster.proxy, "Grace")
    listing = new_listing(cluster.proxy, seller)
    uploaded = requests.post(f"{cluster.proxy}/api/v1/listings/{listing}/photos", headers=seller, timeout=10,
                             files={"photo": ("lamp.png", PNG, "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    url = uploaded.json()["url"]
    for instance in cluster.instances:  # each instance serves it, from the bucket
        direct = requests.get(instance.base + url, timeout=10)
        assert direct.status_code == 200 and direct.content == PNG
        assert direct.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    statuses = []
    for _ in range(6):
        through = requests.get(cluster.proxy + url, timeout=10)
        assert through.status_code == 200 and through.content == PNG
        statuses.append(through.headers.get("X-Cache-Status"))
    assert "HIT" in statuses, f"nginx should serve repeated photo requests from its cache: {statuses}"
    assert url.split("/")[-1] in str([o["Key"] for o in cluster.s3.list_objects_v2(Bucket="campus-photos").get("Contents", [])])


def test_an_event_stream_through_the_proxy_receives_a_message_sent_through_it(cluster):
    seller = register(cluster.proxy, "Seller")
    buyer = register(cluster.proxy, "Buyer")
    listing = new_listing(cluster.proxy, seller, "Bike")
    conversation = requests.post(f"{cluster.proxy}/api/v1/listings/{listing}/conversations", headers=buyer, timeout=10).json()["id"]
    received = []

    def listen():
        with requests.get(f"{cluster.proxy}/api/v1/events", headers=seller, stream=True, timeout=30) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            for line in stream.iter_lines(decode_unicode=True):
                received.append(line)
                if "Is it still for sale?" in line:
                    return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(1)  # the stream is open
    # Several sends, so whichever instance holds the stream, another one takes some of them.
    for _ in range(3):
        sent = requests.post(f"{cluster.proxy}/api/v1/conversations/{conversation}/messages", headers=buyer, timeout=10,
                             json={"text": "Is it still for sale?"})
        assert sent.status_code == 201, sent.text
    listener.join(timeout=20)
    assert any("Is it still for sale?" in line for line in received), received


def test_killing_an_instance_loses_no_retryable_request_and_no_acknowledged_write(cluster):
    seller = register(cluster.proxy, "Writer")
    acknowledged, failed_reads, failed_writes = [], [], []
    stop = threading.Event()

    def read():
        while not stop.is_set():
            answer = requests.get(f"{cluster.proxy}/api/v1/listings?limit=5", timeout=10)
            if answer.status_code != 200:
                failed_reads.append(answer.status_code)

    def write():
        index = 0
        while not stop.is_set():
            index += 1
            try:
                answer = requests.post(f"{cluster.proxy}/api/v1/listings", headers=seller, timeout=10,
                                       json={"title": f"Chair {index}", "categories": ["furniture"], "condition": "good", "salePriceCents": 900})
            except requests.RequestException:
                continue
            if answer.status_code == 201:
                acknowledged.append(answer.json()["id"])
            else:  # a write cut off by the kill may be lost: nginx does not retry a POST
                failed_writes.append(answer.status_code)

    workers = [threading.Thread(target=read) for _ in range(3)] + [threading.Thread(target=write)]
    for worker in workers:
        worker.start()
    time.sleep(1.5)
    victim = cluster.instances[1]
    victim.kill()
    time.sleep(2.5)
    stop.set()
    for worker in workers:
        worker.join()

    assert failed_reads == [], f"reads failed while an instance died: {failed_reads}"
    assert len(acknowledged) > 10
    assert len(failed_writes) <= 2, failed_writes
    for listing in acknowledged:  # every acknowledged write is there, read through the survivor
        assert requests.get(f"{cluster.proxy}/api/v1/listings/{listing}", timeout=10).status_code == 200
    victim.start()  # for any test after this one


def get_from(source, port, path):
    """A GET sent from `source` (another loopback address than the proxy's own 127.0.0.1)."""
    import socket
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: market.campus.edu\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1])


def test_metrics_are_for_the_machine_only(cluster):
    port = int(cluster.proxy.rsplit(":", 1)[1])
    assert get_from("127.0.0.1", port, "/metrics") == 200
    assert get_from("127.0.0.2", port, "/metrics") == 403
    assert get_from("127.0.0.2", port, "/healthz") == 200


def test_https_answers_with_hsts_and_plain_http_without(cluster):
    import urllib3
    urllib3.disable_warnings()
    for path in ["/", "/healthz", "/css/app.css"]:
        secure = requests.get(cluster.tls_proxy + path, timeout=10, verify=False)
        assert secure.status_code in (200, 404), secure.status_code
        assert secure.headers.get("Strict-Transport-Security", "").startswith("max-age=31536000"), (path, dict(secure.headers))
    assert "Strict-Transport-Security" not in requests.get(cluster.proxy + "/healthz", timeout=10).headers


def test_text_comes_compressed_through_the_proxy_and_photos_do_not(cluster):
    for path in ["/", "/api/v1/listings", "/css/app.css"]:
        answer = requests.get(cluster.proxy + path, headers={"Accept-Encoding": "gzip"}, timeout=10)
        assert answer.status_code == 200 and answer.headers.get("Content-Encoding") == "gzip", (path, dict(answer.headers))
    plain = requests.get(cluster.proxy + "/api/v1/listings", headers={"Accept-Encoding": "identity"}, timeout=10)
    assert "Content-Encoding" not in plain.headers
