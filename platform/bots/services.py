"""Services of the bots app (views, the API and the admin call these).

- ``create_bot`` (a new bot with its first version) and ``upload_version`` check
  the caps, check and unpack the upload (``bots.archive``) into a temporary
  folder, then move the files into place and write the row in one transaction
  (on any failure nothing is left: no files, no rows), then validate it;
- ``validate_version`` starts the version in the sandbox and records whether it
  answered the handshake (run in the request for now; it only needs the version's
  id, so it can move to a task);
- ``challenge`` creates an unranked match with pinned versions and queues it;
- ``fork_match`` queues a "what if" fork of a finished match with some seats given
  to built-in bots or the user's own bots (pinned versions), unranked too.
"""

from __future__ import annotations

import os
import re
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from engine import registry
from engine.bots import stderr_cut
from engine.bots.validate import validate_bot
from engine.game import RulesError

from bots import cache, conf, store
from bots.archive import Prepared, UploadRejected, prepare
from bots.models import Bot, BotVersion, Challenge
from bots.store import StoreAway
from matches.forks import ForkError, check_forkable, create_fork
from matches.models import Match
from matches.services import create_seated_match
from matches.tasks import enqueue

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


class BotServiceError(ValueError):
    """A refused request: ``field`` names what is wrong, ``status`` the HTTP code."""

    status = 400

    def __init__(self, message: str, field: str = "non_field_errors") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class LimitReached(BotServiceError):
    """A per-account rate limit (uploads or challenges per hour)."""

    status = 429


class StoreUnavailable(BotServiceError):
    """The bot store could not keep an upload just now."""

    status = 503


class Conflict(BotServiceError):
    """A concurrent request changed the same bot first."""

    status = 409


def hold_account(user) -> None:
    """Lock ``user``'s row until the current transaction ends. The hourly caps are
    counted, and the row they count written, under it: parallel requests of one
    account take turns, so none of them slips past a cap another is about to fill
    (SQLite takes its write lock when a transaction starts, which serializes them too)."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))


def check_hourly(recent, setting: str, done: str, field: str = "non_field_errors") -> None:
    """``LimitReached`` once the rows of ``recent`` (a queryset of the account's rows
    with a ``created_at``) made in the last hour reach the cap ``setting``; ``done``
    says what they are, with ``{n}`` for how many."""
    cap = conf.get(setting)
    n = recent.filter(created_at__gte=timezone.now() - timedelta(hours=1)).count()
    if n >= cap:
        raise LimitReached(
            f"you {done.format(n=n)} in the last hour; the limit is {cap} an hour: try again later",
            field=field,
        )


def check_upload_rate(user) -> None:
    check_hourly(
        BotVersion.objects.filter(bot__owner=user),
        "BOTS_UPLOADS_PER_HOUR",
        "uploaded {n} versions",
        field="file",
    )


def create_bot(
    owner, name: str, game: str, upload, *, public: bool = False
) -> tuple[Bot, BotVersion]:
    """A new bot of ``owner`` with ``upload`` as its version 1, validated."""
    name = (name or "").strip()
    if not NAME_RE.match(name):
        raise BotServiceError(
            "a bot's name is 1 to 40 letters, digits, '_', '.' or '-', "
            "starting with a letter or digit",
            field="name",
        )
    try:
        rules = registry.get(game)
    except RulesError:
        raise BotServiceError(f"unknown game {game!r}", field="game") from None
    _check_new_name(owner, name)
    _check_bot_count(owner)
    check_upload_rate(owner)  # before the work of unpacking; again when it is stored
    prepared = prepare(upload)

    def new_bot() -> Bot:
        _check_bot_count(owner)  # under the account's lock (_store) this time
        return Bot.objects.create(owner=owner, name=name, game=rules.name, public=public)

    try:
        version = _store_first(prepared, owner, new_bot, lambda: _check_new_name(owner, name))
    finally:
        prepared.discard()
    return version.bot, validate_version(version)


def _check_bot_count(owner) -> None:
    cap = conf.get("BOTS_MAX_PER_USER")
    if Bot.objects.filter(owner=owner).count() >= cap:
        raise BotServiceError(f"you have {cap} bots, the most an account may have", field="name")


def _check_new_name(owner, name: str) -> None:
    if Bot.objects.filter(owner=owner, name=name).exists():
        raise BotServiceError(
            f"you already have a bot named {name!r}: upload a new version of it instead",
            field="name",
        )


def upload_version(bot: Bot, upload) -> BotVersion:
    """A new version of ``bot`` from ``upload``, validated."""
    check_upload_rate(bot.owner)
    prepared = prepare(upload)
    try:
        _check_new_file(bot, prepared.sha256)
        version = _store_first(
            prepared, bot.owner, lambda: bot, lambda: _check_new_file(bot, prepared.sha256)
        )
    finally:
        prepared.discard()
    return validate_version(version)


def _check_new_file(bot: Bot, sha256: str) -> None:
    existing = bot.versions.filter(sha256=sha256).first()
    if existing is not None:
        raise UploadRejected(f"this file is already version {existing.number} of {bot.name}")


def _store_first(prepared: Prepared, owner, get_bot, check_again) -> BotVersion:
    """``_store``, for the first of concurrent identical uploads: the others passed
    the same checks before it committed and then break a unique constraint; each is
    refused as ``check_again()`` (the check they raced past) now refuses it."""
    try:
        return _store(prepared, owner, get_bot)
    except IntegrityError:
        check_again()
        raise Conflict(
            "another upload to this bot finished first: reload and try again", field="file"
        ) from None


def _store(prepared: Prepared, owner, get_bot) -> BotVersion:
    """The upload's bytes into the bot store (``bots.store``: kept once per sha256,
    so a failure below leaves nothing that matters), then in one transaction, under
    ``owner``'s lock and within the upload cap: ``get_bot()`` (the bot, created if
    need be), the version's row, and its files into this host's cache at
    ``DATA_DIR/bots/<sha256>/`` (``bots.cache``). If anything fails, the commit
    included, the files this call put in the cache are removed again."""
    try:
        store.put(prepared.sha256, prepared.kind, prepared.upload)
    except StoreAway as exc:
        raise StoreUnavailable(f"the upload could not be kept: {exc}; try again later") from None
    target = cache.entry(prepared.sha256) / prepared.rel
    created = False
    try:
        with transaction.atomic():
            hold_account(owner)
            check_upload_rate(owner)
            bot = get_bot()
            Bot.objects.select_for_update().filter(pk=bot.pk).first()  # serialize numbering
            number = (bot.versions.aggregate(n=Max("number"))["n"] or 0) + 1
            version = BotVersion.objects.create(
                bot=bot,
                number=number,
                sha256=prepared.sha256,
                kind=prepared.kind,
                original_name=prepared.original_name[:255],
                path=os.path.relpath(target, conf.data_dir()),
                entry=prepared.entry,
                size=prepared.size,
                file_count=prepared.file_count,
            )
            created = cache.install(prepared)
        return version
    except BaseException:
        if created:
            cache.remove(prepared.sha256)
        raise


def validate_version(version: BotVersion) -> BotVersion:
    """Start ``version`` in the sandbox: does it answer the handshake within the
    start-up limit? Records valid, or invalid with the reason and its stderr."""
    ok, reason, stderr = validate_bot(
        cache.program_path(version), version.bot.game, allow_unsandboxed=conf.allow_unsandboxed()
    )
    version.status = BotVersion.Status.VALID if ok else BotVersion.Status.INVALID
    version.validation_reason = reason[:2000]
    version.validation_stderr = stderr_cut.cut(stderr, conf.get("BOTS_STDERR_CAP"))
    version.validated_at = timezone.now()
    version.save(update_fields=["status", "validation_reason", "validation_stderr", "validated_at"])
    return version


def set_public(bot: Bot, public: bool) -> Bot:
    bot.public = bool(public)
    bot.save(update_fields=["public"])
    return bot


# -- challenges ---------------------------------------------------------------------------
def challenge(user, bot: Bot, *, target_bot: Bot | None = None, builtin: str = "") -> Challenge:
    """An unranked match: ``bot`` (``user``'s own) at its latest valid version
    against ``target_bot``'s latest valid version, or the built-in bot ``builtin``
    of the same game. The match is queued for a worker."""
    if bot.owner_id != user.pk:
        raise BotServiceError("you can only challenge with your own bots", field="bot")
    if (target_bot is None) == (not builtin):
        raise BotServiceError("challenge either a bot or a built-in bot", field="target")
    game = registry.get(bot.game)
    if conf.sandbox_state() == "unavailable":
        raise BotServiceError(
            "uploaded bots cannot run here: bubblewrap is not installed "
            "and the operator has not allowed unsandboxed runs"
        )
    mine = bot.latest_valid()
    if mine is None:
        raise BotServiceError(f"{bot.name} has no valid version yet", field="bot")
    opponent: BotVersion | str
    if target_bot is not None:
        if target_bot.game != bot.game:
            raise BotServiceError(
                f"{target_bot.label} plays {target_bot.game}, not {bot.game}", field="target"
            )
        latest = target_bot.latest_valid()
        if latest is None:
            raise BotServiceError(f"{target_bot.label} has no valid version", field="target")
        opponent = latest
    else:
        if builtin not in game.bots:
            raise BotServiceError(
                f"{game.name} has no built-in bot {builtin!r} (it has "
                f"{', '.join(sorted(game.bots))})",
                field="target",
            )
        opponent = builtin
    count = 2 if 2 in game.seat_counts else min(c for c in game.seat_counts if c >= 2)
    filler = sorted(game.bots)[0]
    entries: list[BotVersion | str] = [mine, opponent] + [filler] * (count - 2)
    with transaction.atomic():
        hold_account(user)
        check_hourly(
            Challenge.objects.filter(challenger=user),
            "BOTS_CHALLENGES_PER_HOUR",
            "made {n} challenges",
        )
        match = create_seated_match(game.name, entries)
        made = Challenge.objects.create(
            challenger=user,
            bot=bot,
            target_bot=target_bot,
            target_builtin=builtin if target_bot is None else "",
            match=match,
        )
        enqueue([match.pk])
    return made


# -- "what if" forks ----------------------------------------------------------------------
def fork_match(user, parent: Match, at, seats) -> Match:
    """A fork of the finished ``parent`` after its event ``at`` (``matches.forks``),
    queued for a worker. ``seats`` lists ``{"seat": index, "builtin": name}`` or
    ``{"seat": index, "bot": id[, "version": number]}`` (one of ``user``'s own bots,
    at that valid version or its latest valid one); the other seats keep their bots."""
    try:
        check_forkable(parent)
        replacements = _fork_seats(user, parent.game, seats)
        uploads = (
            any(isinstance(e, BotVersion) for e in replacements.values())
            or parent.seats.filter(bot_version_ref__isnull=False)
            .exclude(index__in=[i for i in replacements if type(i) is int])
            .exists()
        )
        if uploads and conf.sandbox_state() == "unavailable":
            raise BotServiceError(
                "uploaded bots cannot run here: bubblewrap is not installed "
                "and the operator has not allowed unsandboxed runs"
            )
        with transaction.atomic():
            hold_account(user)
            check_hourly(
                Match.objects.filter(forked_by=user), "BOTS_FORKS_PER_HOUR", "made {n} forks"
            )
            made = create_fork(parent, at, replacements, forked_by=user)
            enqueue([made.pk])
    except ForkError as exc:
        raise BotServiceError(exc.message, field=exc.field) from None
    return made


def _fork_seats(user, game: str, seats) -> dict:
    """``{index: built-in name or BotVersion}`` from the request's seat list."""
    replacements: dict = {}
    for spec in seats or ():
        index = spec.get("seat")
        if index in replacements:
            raise BotServiceError(f"seat {index} is named twice", field="seats")
        if spec.get("builtin"):
            replacements[index] = spec["builtin"]
            continue
        bot = Bot.objects.filter(pk=spec.get("bot"), owner=user).first()
        if bot is None:
            raise BotServiceError(
                f"seat {index}: bot {spec.get('bot')!r} is not one of your bots", field="seats"
            )
        if bot.game != game:
            raise BotServiceError(
                f"seat {index}: {bot.name} plays {bot.game}, not {game}", field="seats"
            )
        number = spec.get("version")
        version = (
            bot.latest_valid()
            if number is None
            else bot.versions.filter(number=number, status=BotVersion.Status.VALID).first()
        )
        if version is None:
            which = "a valid version" if number is None else f"a valid version {number}"
            raise BotServiceError(f"seat {index}: {bot.name} has no {which}", field="seats")
        replacements[index] = version
    return replacements
