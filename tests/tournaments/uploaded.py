"""A probe snippet (``Stack.probe``) shared by the other-host tests and the scale
benchmark: ``{bots}`` uploaded tic-tac-toe bots - the starter bot, each copy's
bytes its own, so each is its own version - through the bots service (validated in
the sandbox), in a new round robin (open, not started): sets ``made``, ``bots`` and
``shas`` (their versions' sha256), ``t`` (the tournament)."""

UPLOADED_ROUND_ROBIN = """
import io
from django.contrib.auth import get_user_model
from engine.registry import starter_path
from bots import services
from tournaments import lifecycle
owner = get_user_model().objects.create_user('ada', password='pw-ada-12345')
source = starter_path('tic_tac_toe').read_bytes()
bots, shas = [], []
for n in range({bots}):
    upload = io.BytesIO(source + f'\\n# copy {{n}}\\n'.encode())
    upload.name = f'bot{{n}}.py'
    bot, version = services.create_bot(owner, f'bot{{n}}', 'tic_tac_toe', upload)
    assert version.status == 'valid', version.validation_reason
    bots.append(bot)
    shas.append(version.sha256)
t = lifecycle.create_tournament('far', game='tic_tac_toe', format='round_robin', seed=3)
lifecycle.add_entries(t, bots=bots)
lifecycle.open_entries(t)
"""
