"""The ``scrimmage`` command line: play, verify, replay and self-play matches, and
submit a bot to a site."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from engine import registry, submit
from engine.events import MAX_LINE_BYTES, Event
from engine.game import Game, RulesError
from engine.lineup import lineup
from engine.plain import LogError
from engine.reading import read_jsonl, stream_lines
from engine.replay import Replay
from engine.runner import run_match
from engine.seeding import MAX_SEED
from engine.verifying import verify_lines


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes key=value, not {pair!r}")
        options[key] = value
    return options


def _read_log(path: str, canonical: bool = False) -> list[Event]:
    try:
        with open(path, "rb") as stream:
            return read_jsonl(stream, canonical=canonical)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def _read_lines(path: str) -> list[bytes]:
    """A log's lines as ``_read_log(path, canonical=True)`` reads them, undecoded;
    the first line over ``MAX_LINE_BYTES`` is the last (the reader refuses it)."""
    lines = []
    try:
        with open(path, "rb") as stream:
            for line in stream_lines(stream, canonical=True):
                lines.append(line)
                if len(line) > MAX_LINE_BYTES:
                    break
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return lines


def _digest(text: str) -> str:
    """A ``--digest``: 64 lowercase hex digits, as ``play`` and ``verify`` print."""
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise ValueError(text)
    return text


_digest.__name__ = "digest (64 hex digits)"


def _open_for_writing(path: str) -> BinaryIO:
    try:
        return open(path, "wb")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def cmd_games(args: argparse.Namespace) -> int:
    for game in registry.games().values():
        seats = ", ".join(str(n) for n in game.seat_counts)
        print(
            f"{game.name} (rules v{game.rules_version}): {game.title}; seats {seats}; "
            f"bots {', '.join(sorted(game.bots))}"
        )
        for name, spec in game.options.items():
            print(f"    --option {name}={spec.default!r}: {spec.help}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    out = _open_for_writing(args.out) if args.out else None  # fail before playing
    seats, players = lineup(game, args.bots)
    match = run_match(game, players, seats, args.seed, _options(args.option))
    outcome = match.outcome
    assert outcome is not None  # run_match plays the match to its end
    for seat, (bot, rank, score) in enumerate(zip(args.bots, outcome.ranks, outcome.scores)):
        print(f"seat {seat} {bot}: rank {rank}, score {score}")
    print(f"ended: {outcome.reason}; {len(match.log)} events")
    print(f"digest {match.log.digest}")
    for seat, player in enumerate(players):  # a bot program's stderr, for its author
        stderr = getattr(player, "stderr", "")  # only a bot program has one
        if stderr:
            print(
                f"--- stderr of seat {seat} ({args.bots[seat]}) ---\n{stderr}",
                file=sys.stderr,
            )
    if out is not None:
        with out:
            out.write(match.log.to_jsonl())
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    # the digest chains the canonical bytes: a line that is not them (a key twice,
    # spaces) is not what was sealed, even if it parses to the same event
    verdict = verify_lines(_read_lines(args.file), registry.get)
    if verdict.ok and args.digest is not None and args.digest != verdict.digest:
        print(
            f"MISMATCH the log re-simulates to {verdict.digest}, not the expected {args.digest}",
            file=sys.stderr,
        )
        return 1
    if verdict.ok:
        print(f"ok rules v{verdict.rules_version} digest {verdict.digest}")
        return 0
    print(f"MISMATCH (rules v{verdict.rules_version}) {verdict.describe()}", file=sys.stderr)
    return 1


def cmd_replay(args: argparse.Namespace) -> int:
    events = _read_log(args.file)
    game = registry.get(events[0].data.get("game", ""))
    replay = Replay(game, events)
    if args.describe:
        return _describe_events(game, events, args.at)
    if args.at is None:
        raise UsageError("replay needs --at N (the event to show) or --describe")
    if not 0 <= args.at < len(events):
        raise UsageError(f"--at must be between 0 and {len(events) - 1}")
    if args.seat is None:
        out = game.state_json(replay.state_at(args.at))
    else:
        if not 0 <= args.seat < len(events[0].data["seats"]):
            raise UsageError(f"--seat {args.seat} is not a seat of this match")
        out = replay.view_at(args.at, args.seat)
    print(json.dumps(out, sort_keys=True, indent=1))
    return 0


def _describe_events(game: Game, events: list[Event], upto: int | None) -> int:
    """Print each event (up to ``upto``) as ``seq  sentence``, in the game's words."""
    last = len(events) - 1 if upto is None else upto
    if not 0 <= last < len(events):
        raise UsageError(f"--at must be between 0 and {len(events) - 1}")
    names = [s.get("bot", "?") for s in events[0].data.get("seats", [])]
    for event in events[: last + 1]:
        print(f"{event.seq:>5}  {game.describe(event, names)}")
    return 0


def _progress(count: int, show: bool, desc: str) -> Iterable[int]:
    """``range(count)``, drawn as a progress bar on stderr when ``show`` and tqdm is
    installed (the engine's own wheel has it only with its ``fast`` extra)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return range(count)
    # a terminal that reports no size (0 x 0, as many ptys do) makes tqdm draw
    # nothing at all: size the bar from shutil's fallback instead
    size = shutil.get_terminal_size()
    return tqdm(
        range(count),
        disable=not show,
        unit="match",
        file=sys.stderr,
        ncols=size.columns,
        nrows=size.lines,
        desc=desc,
    )


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    lineup(game, args.bots)  # checks names and seat count before any work
    options = _options(args.option)
    if args.matches < 1:
        raise UsageError("--matches must be at least 1")
    if args.seed + args.matches - 1 > MAX_SEED:  # match i plays seed + i
        raise UsageError(f"--seed plus --matches goes past the largest seed, {MAX_SEED}")
    tally = {name: {"wins": 0, "draws": 0, "losses": 0} for name in args.bots}
    began = time.perf_counter()
    show = sys.stderr.isatty() and not args.json
    bar = _progress(args.matches, show, f"{game.name} selfplay")
    for i in bar:
        names = list(args.bots[i % len(args.bots) :]) + list(args.bots[: i % len(args.bots)])
        seats, players = lineup(game, names)
        outcome = run_match(game, players, seats, args.seed + i, options).outcome
        assert outcome is not None  # run_match plays the match to its end
        for name, rank in zip(names, outcome.ranks):
            shared = outcome.ranks.count(1) > 1
            key = "losses" if rank != 1 else ("draws" if shared else "wins")
            tally[name][key] += 1
    rate = args.matches / max(time.perf_counter() - began, 1e-9)
    if args.json:
        print(
            json.dumps(
                {"matches": args.matches, "bots": tally, "matches_per_second": round(rate, 2)}
            )
        )
    else:
        for name, t in tally.items():
            print(f"{name}: {t['wins']} wins, {t['draws']} draws, {t['losses']} losses")
        print(f"{args.matches} matches, {rate:.1f} matches/s")
    return 0


def cmd_submit(args: argparse.Namespace) -> int:
    site_url = args.site or os.environ.get("SCRIMMAGE_SITE", "")
    token = args.token or os.environ.get("SCRIMMAGE_TOKEN", "")
    if not site_url:
        raise UsageError("submit needs the site's address: --site URL or SCRIMMAGE_SITE")
    if not token:
        raise UsageError("submit needs your API token: --token TOKEN or SCRIMMAGE_TOKEN")
    registry.get(args.game)  # a game this engine knows, before anything is sent
    upload = submit.read_upload(Path(args.file))
    site = submit.Site(site_url.rstrip("/"), token)
    done = submit.submit(site, args.game, args.name, upload, public=args.public)
    version = done.version
    made = "a new bot" if done.new_bot else "a new version"
    print(f"{args.name} (bot {done.bot_id}) version {version['number']}: {made}")
    print(f"{site.url}/bots/{done.bot_id}/")
    if version["status"] == "valid":
        print("valid: it can enter seasons and tournaments and take challenges")
        return 0
    reason = version.get("validation_reason") or version["status"]
    print(f"{version['status']}: {reason}")
    if version.get("validation_stderr"):
        print(f"--- its stderr ---\n{version['validation_stderr']}", file=sys.stderr)
    return 1


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as for every bad input
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scrimmage", description="Play and check Scrimmage matches.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list games, seat counts, bots and options")

    play = sub.add_parser("play", help="play one match")
    play.add_argument("game")
    play.add_argument("bots", nargs="+", metavar="BOT")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--out", metavar="FILE", help="write the log as JSON lines")

    ver = sub.add_parser("verify", help="re-simulate a log and compare digests")
    ver.add_argument("file")
    ver.add_argument(
        "--digest",
        type=_digest,
        help="also require this digest (one stored elsewhere): "
        "catches an edit that is still a legal, consistent match",
    )

    rep = sub.add_parser(
        "replay",
        help="the state (or a seat's view) after event N, or the events in words (--describe)",
    )
    rep.add_argument("file")
    rep.add_argument("--at", type=int, help="the event to show (with --describe: the last)")
    rep.add_argument(
        "--describe",
        action="store_true",
        help="print each event as one sentence instead of a state",
    )
    rep.add_argument("--seat", type=int)

    sp = sub.add_parser("selfplay", help="many matches with seats rotated")
    sp.add_argument("game")
    sp.add_argument("bots", nargs="+", metavar="BOT")
    sp.add_argument("--matches", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--json", action="store_true")

    up = sub.add_parser(
        "submit",
        help="upload a bot to a Scrimmage site: a new bot, or a new version of yours of that name",
    )
    up.add_argument("game")
    up.add_argument("file", help="a .py file, a .zip, or a folder with a bot.json")
    up.add_argument("--name", required=True, help="your bot's name on the site")
    up.add_argument("--site", help="the site's address (default: $SCRIMMAGE_SITE)")
    up.add_argument("--token", help="your API token (default: $SCRIMMAGE_TOKEN)")
    up.add_argument("--public", action="store_true", help="a new bot is public")
    return parser


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "verify": cmd_verify,
    "replay": cmd_replay,
    "selfplay": cmd_selfplay,
    "submit": cmd_submit,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (UsageError, RulesError, LogError, submit.SubmitError) as exc:
        print(f"scrimmage: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
