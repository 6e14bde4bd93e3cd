"""A cut stderr keeps its head and says, on its last line, how many bytes were
dropped in all (also when an earlier cut had dropped some already)."""

from engine.bots.stderr_cut import cut, split_mark, with_dropped


def test_a_text_that_fits_is_kept_whole():
    assert cut("hello\n", 100) == "hello\n"
    assert split_mark("hello\n") == ("hello\n", 0)


def test_a_cut_text_fits_and_counts_the_bytes_it_dropped():
    text = "é" * 500  # two bytes each
    kept = cut(text, 200)
    assert len(kept) <= 200
    head, dropped = split_mark(kept)
    assert text.startswith(head) and dropped == 2 * (500 - len(head))


def test_a_second_cut_adds_to_the_count_of_the_first():
    first = with_dropped("a" * 1000, 5000)
    head, dropped = split_mark(cut(first, 300))
    assert len(head) + dropped == 1000 + 5000
    assert cut(first, len(first)) == first
