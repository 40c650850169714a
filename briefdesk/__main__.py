"""`python -m briefdesk` is the `briefdesk` command."""

from briefdesk.cli import run

if __name__ == "__main__":
    run()
