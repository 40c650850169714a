"""The review screen's panes; each shows review data as literal text (see `tui.text`)."""
