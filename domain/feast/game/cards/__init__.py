"""Occupation effects: one mechanism, each card data plus a small effect, found by number.

``model`` (what a card is), ``registry`` (every built card by number and id), ``engine`` (the
hook points the rules call), ``watch`` (each-time cards on events), ``effects`` and
``counts`` (helpers hooks are written with), ``answers`` (the ``UseOccupation`` and
``ResolveOccupation`` commands); the cards themselves live in modules grouped by what they
touch: ``on_play``, ``on_play_buys``, ``on_play_ships``, ``spaces``, ``gathering``,
``space_rules``, ``costs``, ``trading``, ``dice``, ``raids``, ``harvest``, ``phases``,
``gains``, ``anytime``, ``as_soon_as``, ``scoring``. How to add a card: ``README.md``.

The flow never imports this package: it calls the cards through ``game.hooks``, which this
package fills when it is imported (``skald.domain.feast.game`` imports it), so the imports run one
way, cards → flow.
"""

from skald.domain.feast.game import granted, hooks
from skald.domain.feast.game.cards import answers, engine, registry, watch

hooks.register(engine, answers, watch, granted)

__all__ = ["registry"]
