import pytest


@pytest.mark.parametrize(("path", "status"), [("/login", 200), ("/no-such-screen", 404)])
def test_shell_names_the_platform_currency_every_amount_is_shown_in(client, settings, path, status):
    settings.PLATFORM_CURRENCY = "EUR"
    page = client.get(path)
    assert page.status_code == status
    assert '<meta name="currency" content="EUR">' in page.content.decode()
