"""The parts of the café host's page (``widgets.host.HostPage`` puts them together).

- ``words.py``      the page's JA/EN words (``host_word``)
- ``new_table.py``  the new-table form and opening a table
- ``sheet.py``      the printable seat sheet (QR codes) and its Print button
- ``table_list.py`` the list of open tables, closing one, the store's size
- ``ranges.py``     pages per address for a named network range (every server's)
- ``parts.py``      the attributes the parts share
"""
