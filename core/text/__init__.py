"""Text as data: the sanitiser, normalisation for matching, Markdown structure, arXiv ids and
URLs."""
