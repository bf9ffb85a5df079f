RulesDict = {}
RulesDict["B1B2C3D4-0000-4000-8000-000000000003"] = """
target = characters[fresh]

action = {X}: damgae(100 to(character@oppRingg) & [[if me.hand.size >]] draw(1
auto = ~myEndPhse:onec~ +unblockabel ueto
acton = draw(1)
"""
RulesDict["b1b2c3d4-0000-4000-8000-000000000004"] = """
action = draw(1)
