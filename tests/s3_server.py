"""An S3-compatible server of a test's own: moto's server mode (``moto[server]``,
a test dependency: ``make setup`` installs it) in a subprocess on a free port,
holding its buckets in memory. ``pause`` and ``resume`` (SIGSTOP, SIGCONT) play a
store that is away without losing what it holds: connections open, nothing answers.

What it does not exercise compared with a real S3 or MinIO: signatures and
credentials are not checked, nor are permissions, eventual consistency, throttling
(503 SlowDown), multipart uploads of large files (a bot is at most 1 MiB) or
network latency.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from tests.private_redis import PATIENCE, free_port

BUCKET = "scrimmage-bots"
KEYS = {"access": "test-key", "secret": "test-secret", "region": "us-east-1"}


class S3Server:
    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def env(self, prefix: str = "", timeout: float = 1.0) -> dict[str, str]:
        """The settings that point the bot store at this server's bucket."""
        return {
            "SCRIMMAGE_BOT_STORE_URL": f"s3://{BUCKET}/{prefix}".rstrip("/"),
            "SCRIMMAGE_BOT_STORE_ENDPOINT": self.endpoint,
            "SCRIMMAGE_BOT_STORE_ACCESS_KEY": KEYS["access"],
            "SCRIMMAGE_BOT_STORE_SECRET_KEY": KEYS["secret"],
            "SCRIMMAGE_BOT_STORE_REGION": KEYS["region"],
            "SCRIMMAGE_BOT_STORE_TIMEOUT": str(timeout),
        }

    def client(self):
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            aws_access_key_id=KEYS["access"],
            aws_secret_access_key=KEYS["secret"],
            region_name=KEYS["region"],
        )

    def start(self) -> S3Server:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                self.client().create_bucket(Bucket=BUCKET)
                return self
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.2)

    def pause(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.resume()
            self.process.terminate()
            self.process.wait(timeout=30)
