"""The review's edits as pure transitions: a `View` of the session in, a `Change` out.

`core.review.session.Session` turns each public method into one of these, records the change as one
undo
step and saves it; keeping them pure keeps the rules testable without a file or a lock.
"""
