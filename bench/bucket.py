"""The S3 stand-in (scripts/s3-stand-in.py, moto) with a bucket made, for a benchmark's server:
`start(rtt_ms)` returns the processes it started and the server's settings for it. With a round
trip of more than 0 ms, the server reaches the bucket through a proxy here that holds every byte
for half of it each way, as a bucket across a network would (this machine's kernel has no netem).

    python3 bench/bucket.py proxy LISTEN_PORT TARGET_PORT ONE_WAY_MS    # the proxy alone
"""
import asyncio, json, os, socket, subprocess, sys, time
from pathlib import Path

from ports import free_port

ROOT = Path(__file__).resolve().parents[1]
BUCKET = "campus-photos"


def start(rtt_ms=0):
    """([started processes], {environment for the server}). The processes end with this one."""
    stand_in = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "s3-stand-in.py"), "--parent", str(os.getpid())],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    s3 = json.loads(stand_in.stdout.readline())
    import boto3
    boto3.client("s3", endpoint_url=s3["endpoint"], region_name="us-east-1", aws_access_key_id=s3["accessKeyId"],
                 aws_secret_access_key=s3["secretAccessKey"]).create_bucket(Bucket=BUCKET)
    processes, endpoint = [stand_in], s3["endpoint"]
    if rtt_ms > 0:
        port = free_port()
        processes.append(subprocess.Popen([sys.executable, __file__, "proxy", str(port), endpoint.rsplit(":", 1)[1], str(rtt_ms / 2)]))
        for _ in range(100):  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        endpoint = f"http://127.0.0.1:{port}"
    return processes, dict(PHOTO_STORE=f"s3://{BUCKET}/photos", S3_ENDPOINT=endpoint, S3_REGION="us-east-1",
                           AWS_ACCESS_KEY_ID=s3["accessKeyId"], AWS_SECRET_ACCESS_KEY=s3["secretAccessKey"])


def proxy(listen, target, one_way_ms):
    """Forwards 127.0.0.1:listen to 127.0.0.1:target; each chunk leaves one_way_ms after it came,
    so a request's bytes keep their order and overlap as on a real link. Ends with its parent."""
    delay = one_way_ms / 1000

    async def pipe(reader, writer):
        queue = asyncio.Queue()

        async def send():
            while True:
                arrived, data = await queue.get()
                await asyncio.sleep(max(0, arrived + delay - time.monotonic()))
                if not data:
                    writer.close()
                    return
                writer.write(data)
                await writer.drain()

        sending = asyncio.create_task(send())
        while True:
            data = await reader.read(65536)
            queue.put_nowait((time.monotonic(), data))
            if not data:
                break
        await sending

    async def connection(client_reader, client_writer):
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer), return_exceptions=True)

    async def serve():
        parent = os.getppid()
        async with await asyncio.start_server(connection, "127.0.0.1", listen):
            while os.getppid() == parent:  # ends with the benchmark that started it
                await asyncio.sleep(0.5)

    asyncio.run(serve())


if __name__ == "__main__" and sys.argv[1:2] == ["proxy"]:
    proxy(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]))
