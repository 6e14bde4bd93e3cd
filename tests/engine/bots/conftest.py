"""The built native and Java starters (tests/bot_builds.py), for these tests."""

from tests.bot_builds import c_dynamic, c_static, java_jar

__all__ = ["c_dynamic", "c_static", "java_jar"]
