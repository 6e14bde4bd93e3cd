"""The bot pages: My bots (create, each bot's entries and rank, challenges), a bot
(versions, the open competitions of its game to enter, upload, visibility,
challenge, entries with their withdrawal and rating charts, matches, logs) and a
version's source.

They live in the top layer because a bot's page draws its competitions and
ratings (``tournaments.profiles``) beside what the bots app holds."""

from __future__ import annotations

from collections import defaultdict

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from engine import registry

from bots import conf, selectors, services
from bots.archive import UploadRejected
from bots.models import Bot, game_choices
from matches.selectors import blank_hidden_seats
from tournaments.profiles import bot_entries, rating_charts
from tournaments.signup_selectors import mark_withdrawals, open_competitions

#: what a bot upload may be (bots.archive checks it)
UPLOAD_HELP = "a .py, .js or .mjs file, a .jar, a native x86-64 executable, or a .zip with bot.json"


class BotForm(forms.Form):
    name = forms.CharField(max_length=40)
    game = forms.ChoiceField(choices=[])
    public = forms.BooleanField(required=False, help_text="anyone may read its source and logs")
    file = forms.FileField(allow_empty_file=True, help_text=UPLOAD_HELP)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # no game is preselected: a bot uploaded under the wrong game fails validation
        self.fields["game"].choices = [("", "choose a game")] + game_choices()


class UploadForm(forms.Form):
    file = forms.FileField(allow_empty_file=True, help_text=UPLOAD_HELP)


def _limits() -> dict:
    return {
        "upload_kib": conf.get("BOTS_MAX_UPLOAD_BYTES") // 1024,
        "files": conf.get("BOTS_MAX_FILES"),
        "unpacked_mib": conf.get("BOTS_MAX_UNPACKED_BYTES") / (1 << 20),
        "bots": conf.get("BOTS_MAX_PER_USER"),
        "uploads_per_hour": conf.get("BOTS_UPLOADS_PER_HOUR"),
        "challenges_per_hour": conf.get("BOTS_CHALLENGES_PER_HOUR"),
    }


def _uploaded(bot, version, why: bool = False) -> str:
    """What an upload became; a valid one is pointed to where it can compete."""
    text = f"{bot.name} v{version.number}: {version.status}"
    if why and version.validation_reason:
        text += f" ({version.validation_reason})"
    if version.status == version.Status.VALID:
        text += ": enter it in a season or tournament under Compete"
    return text


def _refusal(form, exc) -> None:
    field = exc.field if exc.field in form.fields else None
    form.add_error(field, exc.message)


@conf.takes_uploads
@login_required
def my_bots(request):
    form = BotForm(initial={"game": request.GET.get("game", "")})
    status = 200
    if request.method == "POST":
        form = BotForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data
            try:
                bot, version = services.create_bot(
                    request.user, data["name"], data["game"], data["file"], public=data["public"]
                )
            except (UploadRejected, services.BotServiceError) as exc:
                _refusal(form, exc)
                status = getattr(exc, "status", 400)
            else:
                messages.info(request, _uploaded(bot, version))
                return redirect("bot-page", pk=bot.pk)
        else:
            status = 400
    bots = list(selectors.owner_bots(request.user))
    held = defaultdict(list)  # each bot's entries, newest first, with its rank
    for record in bot_entries(bots):
        held[record["entry"].bot_id].append(record)
    for b in bots:
        b.competing = held[b.pk]
    return render(
        request,
        "web/my_bots.html",
        {
            "form": form,
            "bots": bots,
            "challenges": selectors.user_challenges(request.user)[:50],
            "sandbox": conf.sandbox_state(),
            "limits": _limits(),
        },
        status=status,
    )


def _seats_shown(bot) -> list:
    """The bot's last seats; their result (rank, score, faults, stderr) blanked,
    unsaved, while the match's season or tournament hides results."""
    return blank_hidden_seats(list(selectors.bot_seats(bot)[:50]))


def bot_page(request, pk: int, upload_form=None, status: int = 200):
    bot = selectors.get_bot(pk)
    inside = bot.visible_inside_to(request.user)
    owner = request.user.is_authenticated and request.user.pk == bot.owner_id
    records = selectors.version_records(bot)
    versions = list(bot.versions.order_by("-number"))
    for v in versions:
        v.record = records.get(v.number, {"won": 0, "drew": 0, "lost": 0})
    entries = mark_withdrawals(bot_entries([bot]), request.user)
    context = {
        "bot": bot,
        "inside": inside,
        "hash_visible": bot.hash_visible_to(request.user),
        "owner": owner,
        "versions": versions,
        "results": selectors.recent_results(bot),
        "entries": entries,
        "charts": rating_charts(entries),
        "seats": _seats_shown(bot) if inside else [],
        "sandbox": conf.sandbox_state(),
        "limits": _limits(),
    }
    if owner:
        context["upload_form"] = upload_form or UploadForm()
        context["targets"] = [
            b for b in selectors.visible_bots(request.user, game=bot.game) if b.pk != bot.pk
        ]
        context["builtins"] = sorted(registry.get(bot.game).bots)
        context["open_competitions"] = open_competitions(
            bot, request.user, [r["entry"] for r in entries]
        )
    return render(request, "web/bot_detail.html", context, status=status)


@conf.takes_uploads
@login_required
@require_POST
def bot_upload(request, pk: int):
    bot = selectors.get_owned(request.user, pk)
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return bot_page(request, pk, upload_form=form, status=400)
    try:
        version = services.upload_version(bot, form.cleaned_data["file"])
    except (UploadRejected, services.BotServiceError) as exc:
        _refusal(form, exc)
        return bot_page(request, pk, upload_form=form, status=getattr(exc, "status", 400))
    messages.info(request, _uploaded(bot, version, why=True))
    return redirect("bot-page", pk=bot.pk)


@login_required
@require_POST
def bot_public(request, pk: int):
    bot = selectors.get_owned(request.user, pk)
    services.set_public(bot, request.POST.get("public") == "1")
    messages.info(request, f"{bot.name} is now {'public' if bot.public else 'private'}")
    return redirect("bot-page", pk=bot.pk)


@login_required
@require_POST
def bot_challenge(request, pk: int):
    bot = selectors.get_owned(request.user, pk)
    target_text = request.POST.get("target", "")
    target_bot, builtin = None, ""
    if target_text.startswith("bot:") and target_text[4:].isascii() and target_text[4:].isdecimal():
        target_bot = Bot.objects.filter(pk=int(target_text[4:])).first()
        if target_bot is None:
            raise Http404("no such bot")
    elif target_text.startswith("builtin:"):
        builtin = target_text[len("builtin:") :]
    try:
        made = services.challenge(request.user, bot, target_bot=target_bot, builtin=builtin)
    except services.BotServiceError as exc:
        messages.error(request, f"Challenge refused: {exc.message}")
        response = redirect("bot-page", pk=bot.pk)
        return response
    messages.info(
        request,
        f"Challenge queued as match #{made.match_id}: a worker plays it "
        f"next; its page follows it live and shows the result.",
    )
    return redirect("bot-page", pk=bot.pk)


def version_source(request, pk: int, number: int):
    bot = selectors.get_inside(request.user, pk)
    version = selectors.get_version(bot, number)
    return render(
        request,
        "web/version_source.html",
        {"bot": bot, "version": version, "files": selectors.source_files(version)},
    )
