# Invented RuleScript rules for cardlint's examples, with deliberate mistakes.
"""
Each entry: RulesDict["<card GUID>"] = the card's rules.
"""

RulesDict = {}

# Ember Knight's FLAME WALL
RulesDict["c0ffee00-0000-4000-8000-000000000011"] = """
target = characters@oppRing

action = {F}: damgae(200) to(characters@oppRing)
"""

# Tide Caller
RulesDict["c0ffee00-0000-4000-8000-000000000012"] = """
auto = ~myEndPhse~ moveTo(hand) target(reaction@discard)
abilities = unblockabel
"""

# Frost Archer's COLD SHOT
RulesDict["C0FFEE00-0000-4000-8000-000000000013"] = """
action = {F}: +cantblock to(character@oppRing) ueot
"""
