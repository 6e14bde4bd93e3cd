"""Database writes while a page in the browser keeps polling the live server."""


def while_the_page_waits(page, write, urls="**/competitions/**"):
    """Run ``write`` (database writes) while the page's polls are held back: the
    test database is SQLite, where a read in the server thread can lock a table
    the test is writing. The page meets a failed poll and simply polls again."""
    page.route(urls, lambda route: route.abort())
    page.wait_for_timeout(300)  # a poll already on its way finishes first
    try:
        return write()
    finally:
        page.unroute(urls)
