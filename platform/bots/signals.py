"""What the bots app asks the apps above it (which it never imports).

- ``bot_admin_actions``: the bots admin lists its actions; a receiver returns a
  list of admin actions (functions made with ``admin.action``) to offer on the
  bot list beside the bots' own (tournaments: "Add to season/tournament").
"""

from django.dispatch import Signal

bot_admin_actions = Signal()
