def test_a_replacement_away_from_its_column_takes_the_next_occurrence_after_it():
    """FinRL's faq: `` `tutorials <https://github.com/o/r/tree/master/tutorials>`_ ``: the
    finding is the URL's path; the link's words, first on the line, stay."""
    from drift_docs.model import replace_on_line

    line = "Go through `tutorials <https://github.com/o/r/tree/master/tutorials>`_ now"
    assert replace_on_line(line, line.index("https") + 1, "tutorials", "examples") == line.replace("master/tutorials", "master/examples")
    assert replace_on_line(line, line.index("tutorials") + 1, "tutorials", "examples") == line.replace("`tutorials", "`examples")
    assert replace_on_line(line, 1, "gone", "x") is None
