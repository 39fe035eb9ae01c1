// Passkeys in the browser: the profile's "Add a passkey" and the sign-in page's "Sign in with
// a passkey". The server sends WebAuthn options as JSON with base64url strings; this turns
// them into the ArrayBuffers the browser API takes, and its answer back into JSON.
(() => {
  if (!window.PublicKeyCredential || !navigator.credentials) return;

  const toBytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  };
  const toText = (buffer) => {
    const binary = String.fromCharCode(...new Uint8Array(buffer));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };

  // POST JSON with the page's CSRF token; the server's error message is thrown as an Error.
  const call = async (path, csrf, body = {}) => {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ ...body, csrf }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((answer.error && answer.error.message) || word("failed", "Something went wrong. Try again."));
    return answer;
  };

  // The person closed the browser's dialog or it timed out: say so plainly.
  const explain = (error) =>
    error && error.name === "NotAllowedError"
      ? word("passkeyCancelled", "The passkey request was cancelled or timed out. Try again when you are ready.")
      : error && error.name === "InvalidStateError"
        ? word("passkeyExists", "This device already has a passkey for your account.")
        : (error && error.message) || word("failed", "Something went wrong. Try again.");

  const show = (box, message) => {
    box.textContent = message;
    box.hidden = false;
  };

  // Wires a ceremony to its button: options from the server, the browser's dialog, the answer
  // back to the server, then on to the page it names; any failure is shown beside the button.
  const ceremony = (box, ceremonyPath, finish) => {
    const page = box.closest("[data-csrf]");
    const errorBox = box.querySelector("[data-passkey-error]");
    const button = box.querySelector("button");
    box.hidden = false;
    button.addEventListener("click", async () => {
      errorBox.hidden = true;
      button.disabled = true;
      try {
        const options = await call(ceremonyPath + "/options", page.dataset.csrf);
        const answer = await finish(options, page);
        const next = await call(ceremonyPath, page.dataset.csrf, answer);
        window.location.assign(next.redirect);
      } catch (error) {
        show(errorBox, explain(error));
        button.disabled = false;
      }
    });
  };

  const credentialJSON = (credential, response) => ({
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    response,
  });

  const addBox = document.querySelector("[data-passkey-add]");
  if (addBox) {
    document.querySelector("[data-passkey-unsupported]").hidden = true;
    ceremony(addBox, "/profile/passkeys", async (options) => {
      const credential = await navigator.credentials.create({
        publicKey: {
          ...options,
          challenge: toBytes(options.challenge),
          user: { ...options.user, id: toBytes(options.user.id) },
          excludeCredentials: options.excludeCredentials.map((d) => ({ ...d, id: toBytes(d.id) })),
        },
      });
      const response = credential.response;
      return {
        name: addBox.querySelector("input").value,
        credential: credentialJSON(credential, {
          clientDataJSON: toText(response.clientDataJSON),
          attestationObject: toText(response.attestationObject),
          transports: response.getTransports ? response.getTransports() : [],
        }),
      };
    });
  }

  const signInBox = document.querySelector("[data-passkey-signin]");
  if (signInBox) {
    document.querySelectorAll("[data-passkey-reveal]").forEach((element) => { element.hidden = false; });
    ceremony(signInBox, "/signin/passkey", async (options, page) => {
      const credential = await navigator.credentials.get({
        publicKey: {
          ...options,
          challenge: toBytes(options.challenge),
          allowCredentials: options.allowCredentials.map((d) => ({ ...d, id: toBytes(d.id) })),
        },
      });
      const response = credential.response;
      return {
        next: page.dataset.next,
        credential: credentialJSON(credential, {
          clientDataJSON: toText(response.clientDataJSON),
          authenticatorData: toText(response.authenticatorData),
          signature: toText(response.signature),
          userHandle: response.userHandle ? toText(response.userHandle) : null,
        }),
      };
    });
  }
})();
