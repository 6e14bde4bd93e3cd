"""Uploaded bots and their versions.

A ``BotVersion`` is immutable: its files (under ``DATA_DIR/bots/<sha256>/``) and
the fields that describe them are written once, by ``bots.services``; only the
validation result (status, reason, stderr) is filled in later, by
``bots.services.validate_version``. Updating anything else, or deleting a version
(a match may have pinned it), raises ``ImmutableError``, as ``MatchEvent`` does.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.db import models
from django.utils import timezone

from engine import registry


class ImmutableError(Exception):
    """Raised on any attempt to change or remove a stored bot version."""


def game_choices():
    return [(name, name) for name in sorted(registry.games())]


class Bot(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bots"
    )
    name = models.CharField(max_length=40)
    game = models.CharField(max_length=64, db_index=True)
    #: a public bot's source, validation output and match logs are visible to everyone
    public = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["owner", "name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="unique_bot_name_per_owner")
        ]

    def __str__(self) -> str:
        return f"{self.owner.username}/{self.name}"

    @property
    def label(self) -> str:
        """The name seats show: ``owner/name``."""
        return f"{self.owner.username}/{self.name}"

    def latest_valid(self) -> BotVersion | None:
        return self.versions.filter(status=BotVersion.Status.VALID).order_by("-number").first()

    def visible_inside_to(self, user) -> bool:
        """May ``user`` read this bot's source and logs? Its owner, or anyone when public."""
        return self.public or (user.is_authenticated and user.pk == self.owner_id)

    def hash_visible_to(self, user) -> bool:
        """May ``user`` see the sha256 of this bot's uploads? Whoever may read its
        source, and staff; to anyone else it would confirm a guessed source."""
        return self.visible_inside_to(user) or bool(getattr(user, "is_staff", False))


class BotVersionQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableError("bot versions are immutable: they cannot be updated")

    def delete(self):
        raise ImmutableError("bot versions are immutable: they cannot be deleted")

    def bulk_update(self, objs, fields, batch_size=None):
        raise ImmutableError("bot versions are immutable: they cannot be updated")

    def update_or_create(self, *args, **kwargs):
        raise ImmutableError("bot versions are immutable: they cannot be updated")


# the manager built by assignment, the form the django-stubs plugin types
BotVersionManager = models.Manager.from_queryset(BotVersionQuerySet, "BotVersionManager")


class BotVersion(models.Model):
    class Kind(models.TextChoices):
        PY = "py", "a .py file"
        ZIP = "zip", "a .zip archive"
        JS = "js", "a .js file"
        MJS = "mjs", "a .mjs file"
        JAR = "jar", "a .jar file"
        ELF = "elf", "a native executable"

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        VALID = "valid", "valid"
        INVALID = "invalid", "invalid"

    #: the fields the validation writes, once; nothing else ever changes
    VALIDATION_FIELDS = frozenset(
        {"status", "validation_reason", "validation_stderr", "validated_at"}
    )

    #: PROTECT: a bot with versions is not deleted through the ORM either
    bot = models.ForeignKey(Bot, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    #: of the uploaded bytes
    sha256 = models.CharField(max_length=64)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    #: the file as uploaded (for the owner's reference)
    original_name = models.CharField(max_length=255)
    #: relative to DATA_DIR: the single file, or the folder of the unpacked archive
    path = models.CharField(max_length=300)
    #: the file run, relative to the folder (the file's own name for a .py)
    entry = models.CharField(max_length=255)
    size = models.PositiveIntegerField()
    file_count = models.PositiveIntegerField(default=1)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    validation_reason = models.TextField(blank=True, default="")
    validation_stderr = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    validated_at = models.DateTimeField(null=True, blank=True)

    objects = BotVersionManager()

    class Meta:
        ordering = ["bot", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["bot", "number"], name="unique_version_number"),
            models.UniqueConstraint(fields=["bot", "sha256"], name="unique_version_sha256"),
        ]

    def __str__(self) -> str:
        return f"{self.bot} v{self.number}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            fields = kwargs.get("update_fields")
            if not fields or not set(fields) <= self.VALIDATION_FIELDS:
                raise ImmutableError(
                    "bot versions are immutable: only the validation result is written after upload"
                )
        elif kwargs.get("force_update") or kwargs.get("update_fields"):
            raise ImmutableError("bot versions are immutable: they cannot be updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError("bot versions are immutable: they cannot be deleted")

    @property
    def seat_version(self) -> str:
        """The version a match's seat (and its public log) records: the number alone.
        The bot's label and the number name one version; a hash of the upload would
        confirm a guessed source of a private bot to anyone reading the log."""
        return f"v{self.number}"

    @property
    def program_path(self) -> Path:
        """What ``engine.bots.load_program`` is given."""
        return Path(settings.DATA_DIR) / self.path


class Challenge(models.Model):
    """An unranked match one owner asked for: their bot against another bot (or a
    built-in one), each at its latest valid version when challenged."""

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges"
    )
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="challenges_made")
    target_bot = models.ForeignKey(
        Bot, on_delete=models.CASCADE, null=True, blank=True, related_name="challenges_received"
    )
    target_builtin = models.CharField(max_length=100, blank=True, default="")
    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, related_name="challenge"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.bot} vs {self.target_bot or self.target_builtin} (#{self.match_id})"
