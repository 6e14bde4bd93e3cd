"""Hostile: spins the CPU forever on its first decision."""

from scrimmage_bot import run


def decide(request):
    while True:
        pass


run(decide, name="loop")
