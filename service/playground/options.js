"use strict";
// The room's option controls, built from what `GET /v1/variants` lists of a variant's options
// (openapi.yaml `OptionInfo`): one fieldset a group, one control an option, each with its label,
// its name and its description. The page sends only the options changed from their defaults,
// so a request (and the link that shares it) says what differs from the variant's room.

const Options = (() => {
  const {make} = Answers;

  /** The control of option `name` on the page (null when the variant has none so named). */
  const controlNamed = (name) => document.querySelector(`[data-option="${name}"]`);

  /** The options as groups (openapi.yaml OptionInfo.group), in the order of Words.GROUPS, each
   * option in the service's order; `changed` is called after the user changes any of them. */
  function groups(specs, changed) {
    const order = [...new Set([...Object.keys(Words.GROUPS), ...specs.map((o) => o.group)])];
    return order.filter((group) => specs.some((o) => o.group === group)).map((group) => {
      const box = make("fieldset", "option-group");
      box.dataset.group = group;
      box.append(make("legend", "", Words.GROUPS[group] || group),
                 ...specs.filter((o) => o.group === group).map((o) => item(o, changed)));
      return box;
    });
  }

  /** One option: its label and name, its control, and its description in full. */
  function item(spec, changed) {
    const input = newControl(spec);
    input.dataset.option = spec.name;
    input.id = `option-${spec.name}`;
    input.addEventListener("change", changed);
    const box = make("div", "option");
    box.dataset.name = spec.name;
    const label = make("label");
    label.htmlFor = input.id;
    label.append(make("span", "label", Words.label(spec.name)), " ",
                 make("code", "name", spec.name));
    box.append(label, input, make("p", "description", spec.description));
    return box;
  }

  /** The control of one option's type, holding its default; `readValue()` gives the value as
   * the service takes it, `writeValue(v)` sets it and says whether the control can hold v. */
  function newControl(spec) {
    let input;
    if (spec.type === "boolean") {
      input = make("input");
      input.type = "checkbox";
      input.checked = spec.default;
      input.readValue = () => input.checked;
      input.writeValue = (value) => typeof value === "boolean" && ((input.checked = value), true);
    } else if (spec.choices) {
      input = make("select");
      if (spec.nullable) input.append(new Option("none", "null"));
      for (const choice of spec.choices) {
        input.append(new Option(String(choice), JSON.stringify(choice)));
      }
      input.value = JSON.stringify(spec.default);
      input.readValue = () => JSON.parse(input.value);
      input.writeValue = (value) => {
        const known = [...input.options].some((o) => o.value === JSON.stringify(value));
        if (known) input.value = JSON.stringify(value);
        return known;
      };
    } else if (spec.type === "suit_list") {
      input = make("input");
      input.type = "text";
      input.value = spec.default.join("");
      input.placeholder = "mps";
      // letters of m, p, s in m, p, s order, each once (as the service echoes them)
      input.readValue = () => [..."mps"].filter((s) => input.value.includes(s));
      input.writeValue = (value) => Array.isArray(value) && ((input.value = value.join("")), true);
    } else {
      input = make("input");
      input.type = spec.type === "integer" ? "number" : "text";
      if (spec.minimum !== undefined) input.min = spec.minimum;
      if (spec.maximum !== undefined) input.max = spec.maximum;
      input.value = spec.type === "tile_list" ? Tiles.notation(spec.default) : spec.default ?? "";
      input.readValue = () => spec.type === "tile_list" ? input.value
        : input.value === "" ? null : Number(input.value);
      input.writeValue = (value) => {
        const fits = spec.type === "tile_list" ? Boolean(Tiles.parse(value))
          : Number.isInteger(value) || (value === null && spec.nullable);
        if (fits) {
          input.value = spec.type === "tile_list" ? Tiles.notation(Tiles.parse(value))
            : value ?? "";
        }
        return fits;
      };
    }
    return input;
  }

  /** The options whose controls hold other than the default, by name. */
  function chosen(specs) {
    const options = {};
    for (const spec of specs) {
      const value = controlNamed(spec.name).readValue();
      const same = spec.type === "tile_list"
        ? Tiles.notation(Tiles.parse(value) || []) === Tiles.notation(spec.default)
        : spec.type === "suit_list" ? value.join("") === spec.default.join("")
        : value === spec.default;
      if (!same) options[spec.name] = value;
    }
    return options;
  }

  /** The controls set from a link's options; returns those they cannot hold (an unknown name, a
   * value outside the choices), for the request to send as they were. */
  function set(options) {
    const kept = {};
    for (const [name, value] of Object.entries(options)) {
      const input = controlNamed(name);
      if (!input || !input.writeValue(value)) kept[name] = value;
    }
    return kept;
  }

  return {groups, chosen, set};
})();
