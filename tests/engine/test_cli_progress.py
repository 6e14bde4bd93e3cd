"""``scrimmage selfplay`` on a terminal: its progress bar shows from the start."""

import os
import pty
import subprocess
import sys


def test_selfplay_draws_a_progress_bar_on_a_terminal_that_reports_no_size():
    """Long work shows progress: on a terminal, selfplay shows its bar
    from the first match, even on a pty that reports 0 x 0 (tqdm drew nothing)."""
    parent, child = pty.openpty()  # a fresh pty: 0 rows, 0 columns
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "engine",
                "selfplay",
                "tic_tac_toe",
                "greedy",
                "random",
                "--matches",
                "4",
                "--seed",
                "1",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=child,
            text=True,
            timeout=120,
        )
        os.close(child)
        child = -1
        shown = b""
        while True:
            try:
                chunk = os.read(parent, 4096)
            except OSError:  # EIO: every writer has closed the pty
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if child != -1:
            os.close(child)
        os.close(parent)
    assert done.returncode == 0
    text = shown.decode("utf-8", "replace")
    assert "tic_tac_toe selfplay:" in text and "4/4" in text, text
