# -*- coding: utf-8 -*-
"""
Invented rules for cardlint's tests. A docstring may mention RulesDict["x"] without harm.
"""

RulesDict = {}

# Ember Knight's FLAME WALL
RulesDict["b1b2c3d4-0000-4000-8000-000000000001"] = """
target = characters[bp>=500]@oppRing
action = {F}: damage(200) to(characters[-frozen]@oppRing) ueot
label = "Burn them"
"""

# Tide Caller
RulesDict["b1b2c3d4-0000-4000-8000-000000000002"] = """
requisite = character<1>@myRing && *@oppHand
vars = _n := len(me.hand)
action = {D(action)}{S(^character)}: [[may 'Draw two?']] draw(2) & shuffle() target(me); bp(+_n) to(this)
auto = ~myEndPhase:once,oppHandChanges~ [[if me.hand.size > 1]] moveTo(hand) target?(*s@myDiscards) [[else]] draw(1)
abilities = unblockable, rush
"""
