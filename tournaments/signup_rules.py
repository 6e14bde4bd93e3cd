"""Who may enter a bot in a competition, or withdraw it: the rules alone, over
facts the caller has read. The service (``tournaments.signup``, under the
competition's lock) and the pages (many rows read at once) ask the same
functions, so a button is refused for the reason the service would give, in the
same words.

A refusal has a ``reason`` (a fixed code, for API clients) and a message (for
people). Entering is refused, in this order, when the bot is not the user's, the
competition takes no sign-ups now (``closed``: the organiser enters bots, entries
are not open, a tournament has started, it has finished), the bot plays another
game, it has no valid version, it was disqualified or is entered already, or a
cap is reached (the owner's entries, then the entries in all)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tournaments.models import Competition, Entry

S = Competition.Status
Signup = Competition.Signup

NOT_YOURS = "not_your_bot"
CLOSED = "closed"
WRONG_GAME = "wrong_game"
NO_VALID_VERSION = "no_valid_version"
DISQUALIFIED = "disqualified"
ALREADY_ENTERED = "already_entered"
NOT_ENTERED = "not_entered"
CAP_REACHED = "cap_reached"


@dataclass(frozen=True)
class Refusal:
    reason: str
    message: str


@dataclass(frozen=True)
class Places:
    """What entering is checked against: the competition's entries in play (not
    withdrawn), the bot owner's among them, and the bot's own entry (``None``
    when it never entered)."""

    taken: int
    owners: int
    entry: Entry | None = None


def closed_because(competition: Competition, now: datetime) -> str:
    """Why ``competition`` takes no sign-ups now, or ``""`` when it does."""
    kind = competition.get_kind_display()
    if competition.signup == Signup.ORGANISER:
        return f"the organiser enters the bots of this {kind}"
    if competition.status == S.FINISHED:
        return f"this {kind} has finished"
    if competition.status == S.DRAFT:
        return f"this {kind} does not take entries yet"
    if not competition.is_season and competition.status != S.OPEN:
        return "this tournament has started: entries closed at its start"
    if competition.ends_at is not None and now >= competition.ends_at:
        return f"this {kind} has ended"
    return ""


def entry_refusal(
    competition: Competition, user_id: int | None, bot, has_valid_version: bool, places: Places, now
) -> Refusal | None:
    """Why ``user_id`` may not enter ``bot`` (owner, game, name) now, or ``None``."""
    if user_id is None or bot.owner_id != user_id:
        return Refusal(NOT_YOURS, f"{bot.name} is not your bot: only its owner enters it")
    closed = closed_because(competition, now)
    if closed:
        return Refusal(CLOSED, closed)
    if bot.game != competition.game:
        return Refusal(
            WRONG_GAME, f"{bot.name} plays {bot.game}; {competition.name} is {competition.game}"
        )
    if not has_valid_version:
        return Refusal(
            NO_VALID_VERSION, f"{bot.name} has no valid version yet: upload one that validates"
        )
    entry = places.entry
    if entry is not None and entry.disqualified:
        return Refusal(DISQUALIFIED, f"the organiser disqualified {bot.name} here")
    if entry is not None and not entry.withdrawn:
        return Refusal(ALREADY_ENTERED, f"{bot.name} is entered already")
    per_user = competition.entries_per_user
    if per_user and places.owners >= per_user:
        return Refusal(
            CAP_REACHED,
            f"you have {places.owners} entr{'y' if places.owners == 1 else 'ies'} here, "
            f"the most one person may have",
        )
    if competition.max_entries and places.taken >= competition.max_entries:
        return Refusal(CAP_REACHED, f"all {competition.max_entries} places are taken")
    return None


def withdrawal_refusal(competition: Competition, user_id: int | None, entry) -> Refusal | None:
    """Why ``user_id`` may not withdraw ``entry`` (with its bot) now, or ``None``."""
    if user_id is None or entry.bot_id is None or entry.bot.owner_id != user_id:
        return Refusal(NOT_YOURS, f"{entry.name} is not your bot's entry")
    if entry.withdrawn:
        return Refusal(NOT_ENTERED, f"{entry.name} was withdrawn already")
    if entry.disqualified:
        return Refusal(DISQUALIFIED, f"the organiser disqualified {entry.name}")
    kind = competition.get_kind_display()
    if competition.status == S.FINISHED:
        return Refusal(CLOSED, f"this {kind} has finished: its entries stay as they are")
    if not competition.is_season and competition.status not in (S.DRAFT, S.OPEN):
        return Refusal(
            CLOSED,
            "this tournament has started: an entry leaves it only by the organiser's "
            "disqualification",
        )
    return None


def withdrawal_keeps_entry(competition: Competition) -> bool:
    """A withdrawal from a season under way keeps the entry (and what it played),
    marked withdrawn; before the start, the entry is removed."""
    return competition.status in (S.RUNNING, S.PAUSED)
