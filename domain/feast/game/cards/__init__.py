"""Occupation effects: one mechanism, each card data plus a small effect, found by number.

``model`` (what a card is), ``registry`` (every built card by number and id), ``engine`` (the
hook points the rules call), ``watch`` (each-time cards on events), ``effects`` and
``counts`` (helpers hooks are written with), ``answers`` (the ``UseOccupation`` and
``ResolveOccupation`` commands); the cards themselves live in modules grouped by what they
touch: ``on_play``, ``on_play_buys``, ``on_play_ships``, ``spaces``, ``gathering``,
``space_rules``, ``costs``, ``trading``, ``dice``, ``raids``, ``harvest``, ``phases``,
``gains``, ``anytime``, ``as_soon_as``, ``scoring``. How to add a card: ``README.md``.
"""
