"""Full screens: batch picker, review, commit, brief preview, help, error, loading."""
