"""``python3 -m printgen``: the same command line as the ``printgen`` script."""

from .launcher import run

if __name__ == "__main__":
    run()
