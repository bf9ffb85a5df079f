# SYNTAX TEST "source.netrunner" "a script table"
# An invented CardScripts.py.
ScriptsLocal = '''
# <------------ variable.other.table.netrunner
#              ^^^ punctuation.definition.string.begin.netrunner
=====
# <----- punctuation.separator.table.netrunner
Lantern Fund
-----
# <----- punctuation.separator.table.netrunner
a1b2c3d4-0000-4000-8000-000000000001
# <------------------------------------ constant.other.guid.netrunner
-----
onPlay:Gain5Credits-isCost$$Draw1Card||whileRezzed:Reduce#CostRez-affectsICE
# <------ keyword.control.trigger.netrunner
#      ^^^^ support.function.command.netrunner
#          ^ constant.numeric.netrunner
#                   ^^^^^^ variable.parameter.modulator.netrunner
#                         ^^ keyword.operator.sequence.netrunner
#                                    ^^ keyword.operator.alternative.netrunner
#                                      ^^^^^^^^^^^ keyword.control.trigger.netrunner
#                                                  ^^^^^^ support.function.command.netrunner
#                                                                 ^^^^^^^ variable.parameter.modulator.netrunner
#                                                                        ^^^ string.unquoted.argument.netrunner
+++++
# <----- punctuation.separator.table.netrunner
A1B0G0T0:Trace3-traceEffects<Gain1Tags++RunEnd,None>$$SimplyAnnounce{pass}-isSubrourine
# <-------- constant.other.cost.netrunner
#               ^^^^^^^^^^^^ variable.parameter.modulator.netrunner
#                           ^ punctuation.section.pair.begin.netrunner
#                                     ^^ keyword.operator.sequence.netrunner
#                                             ^ punctuation.separator.pair.netrunner
#                                                                    ^^^^ string.unquoted.brace.netrunner
#                                                                          ^^^^^^^^^^^^ invalid.deprecated.modulator.netrunner
.....
# <----- punctuation.separator.table.netrunner
ENDSCRIPTS
# <---------- keyword.control.end.netrunner
=====
'''
