"""What the tests and the benchmarks build their inputs with: the large-workspace generator
(`generate`) and the hostile inputs (`hostile_inputs`). They live with the tests because the tests
import them (a test must not depend on benchmarks/); benchmarks/ imports them from here, so a
figure is about the very inputs the tests check. Imported as `tests.support.*` from the checkout's
root (pyproject's pytest `pythonpath`, or `python -m` from the root)."""
