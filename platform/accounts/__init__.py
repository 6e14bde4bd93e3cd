"""Accounts: sign-up, log in and out, and each user's API token."""
