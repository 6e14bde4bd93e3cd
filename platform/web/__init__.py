"""The web pages: home, the match list and the replay viewer."""
