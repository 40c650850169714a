"""briefdesk's review desk: a Textual app over `core`, which holds every rule the desk applies.

`tui.launch.run_review` is what the command line calls; it imports Textual only when run.
"""
