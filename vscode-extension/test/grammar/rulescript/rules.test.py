# SYNTAX TEST "source.rulescript" "rules"
# Invented rules.
RulesDict = {}
RulesDict["b1b2c3d4-0000-4000-8000-000000000001"] = """
# <--------- variable.other.rules.rulescript
#          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ constant.other.guid.rulescript
target = characters[bp>=500,frozen]@oppRing
# <------ keyword.other.key.rulescript
#                   ^^ support.type.filter.rulescript
#                           ^^^^^^ support.type.filter.rulescript
#                                  ^ punctuation.definition.zone.rulescript
#                                   ^^^^^^^ support.constant.zone.rulescript
action = {F}{D(2)}: [[may 'Burn?']] damage(200) & +unblockable to(characters@oppRing) ueot
# <------ keyword.other.key.rulescript
#         ^ constant.language.cost.rulescript
#            ^ constant.language.cost.rulescript
#                     ^^^ keyword.control.conditional.rulescript
#                                   ^^^^^^ support.function.command.rulescript
#                                               ^ keyword.operator.joiner.rulescript
#                                                 ^ keyword.operator.ability.rulescript
#                                                  ^^^^^^^^^^^ support.constant.ability.rulescript
#                                                              ^^ keyword.other.target.rulescript
#                                                                                     ^^^^ storage.modifier.duration.rulescript
auto = ~myEndPhase:once~ [[if me.hand.size > 1]] draw(1)
#       ^^^^^^^^^^^^^^^ entity.name.event.rulescript
#                          ^^ keyword.control.conditional.rulescript
#                             ^^ variable.language.rulescript
label = "Burn # them"
#       ^^^^^^^^^^^^^ string.unquoted.label.rulescript
"""
