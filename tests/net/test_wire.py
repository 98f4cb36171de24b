"""Messages declared as data (``game.net.wire.form``): a field needs a wire type, fields added later
keep older peers' and older stored data's form, and a refusal names the value's place."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codes import ProtocolError
from game.net.wire.entries import Played, dump_entry, load_entry
from game.net.wire.form import Wire


def test_a_field_without_a_wire_type_is_refused_when_its_class_is_made() -> None:
    with pytest.raises(TypeError, match="no wire type"):

        @dataclass(frozen=True)
        class Loose(Wire):
            text: str


def test_an_entry_stored_before_real_time_clocks_reads_and_writes_as_it_was() -> None:
    text = '{"type":"played","round":0,"ply":3,"move":"C","at":1500}'
    entry = load_entry(text)
    assert entry == Played(0, 3, "C", 1.5)
    assert dump_entry(entry) == text
    assert json.loads(dump_entry(Played(0, 3, "C", 1.5, (10, 20))))["clocks"] == [10, 20]


def test_a_message_fields_are_written_in_their_declared_order() -> None:
    assert list(json.loads(m.encode(m.Moved(1, 4, None, "C")))) == [
        "type", "round", "ply", "seat", "move", "clocks"]
    assert m.Clock(60, None).to_json() == {"gone": 60, "move": None, "base": None,
                                           "increment": 0}


@pytest.mark.parametrize(("text", "place"), [
    ('{"type":"lobby","seats":[{"table":"T!","game":"conquid","options":{},"clock":'
     '{"gone":60,"move":null},"host":"Ada","rated":false,"rating":null}],"playing":[]}',
     "lobby.seats[0].table"),
    ('{"type":"table","table":"t","game":"conquid","rules":1,"options":{},'
     '"clock":{"gone":60,"move":null},"round":0,"seat":0,"names":["Ada",7],'
     '"here":[true,false],"ply":0,"ending":null,"offer":null,"deadline":null}',
     "table.names[1]"),
    ('{"type":"ended","round":0,"ending":{"winner":0,"reason":"resign","label":"r"},'
     '"ratings":[{"rating":1500,"change":0,"provisional":"no"},'
     '{"rating":1500,"change":0,"provisional":true}]}', "ended.ratings[0].provisional"),
])
def test_a_refusal_names_the_place_of_the_value_refused(text: str, place: str) -> None:
    with pytest.raises(ProtocolError) as err:
        lb.decode_server(text)
    assert err.value.reason.startswith(place + " ")
