"""A timeline slider whose track jumps to where it is clicked (the stock one only steps)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui


class JumpSlider(pygame_gui.elements.UIHorizontalSlider):
    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.is_enabled
                and self.rect.collidepoint(event.pos) and not self._on_a_button(event.pos)):
            track = self.rect.inflate(-2 * self.arrow_button_width, 0)
            share = min(1.0, max(0.0, (event.pos[0] - track.x) / max(1, track.w)))
            low, high = self.value_range
            self.set_current_value(round(low + share * (high - low)), False)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": self.get_current_value(), "ui_element": self,
                "ui_object_id": self.most_specific_combined_id,
            }))
            return True
        return bool(super().process_event(event))

    def _on_a_button(self, pos: tuple[int, int]) -> bool:
        buttons: list[Any] = [self.left_button, self.right_button, self.sliding_button]
        return any(b is not None and b.rect.collidepoint(pos) for b in buttons)
