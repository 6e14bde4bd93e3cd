"""The organiser's tool: seasons and tournaments in the Django admin.

One ``CompetitionAdmin`` serves both lists, "Seasons" and "Tournaments" (proxies of
``Competition`` filtered by kind), with the fields of the kind on each page.

Create one, choose who enters bots (``signup``: the organiser, their owners, or
for a ladder every public valid bot by itself; caps per person and in all), add
built-in bots (the "Add built-in bots" button; uploaded bots are added from the
bots admin, by the action ``bot_action`` offers it), then Open, Start,
Pause, Resume, Finish from the buttons on its page. The list and the page show
live progress (queued, running, finished, failed matches); failed matches can be
re-run; entries disqualified; standings exported as CSV or rebuilt.

- ``competitions``: the seasons' and tournaments' lists and pages;
- ``records``: the entries and fixtures;
- ``forms``: the forms of those pages;
- ``bot_action``: the bots admin's "Add to season/tournament".
"""

from tournaments.admin import bot_action, competitions, records  # noqa: F401 - they register
