"""A free TCP port on loopback, for the servers, proxies and stand-ins a benchmark starts."""
import socket


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
