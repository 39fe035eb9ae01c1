#!/usr/bin/env python3
"""A local S3-compatible server for tests and CI: moto's, checking every request's SigV4
signature as S3 does (a wrong one is 403 SignatureDoesNotMatch).

Prints one JSON line — endpoint, access key id, secret — then serves until killed, or until the
process named by --parent ends (so a test run that dies leaves no server behind).

    python3 scripts/s3-stand-in.py [--port 9000] [--parent PID]

Needs `pip install "moto[server]"`.
"""
import argparse
import json
import os
import sys
import time

# The first requests (ours, below: a user, a policy, a key) go unchecked; every later one must be
# signed with that key. Set before moto reads its settings.
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "3"

import boto3  # noqa: E402
from moto.server import ThreadedMotoServer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--parent", type=int, default=0)
    args = parser.parse_args()

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=args.port, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"

    iam = boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1",
                       aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap")
    iam.create_user(UserName="campusmarket")
    iam.put_user_policy(UserName="campusmarket", PolicyName="s3", PolicyDocument=json.dumps({
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
    }))
    key = iam.create_access_key(UserName="campusmarket")["AccessKey"]
    print(json.dumps({"endpoint": endpoint, "accessKeyId": key["AccessKeyId"],
                      "secretAccessKey": key["SecretAccessKey"]}), flush=True)

    while True:
        time.sleep(0.5)
        if args.parent and not os.path.exists(f"/proc/{args.parent}"):
            server.stop()
            sys.exit(0)


if __name__ == "__main__":
    main()
