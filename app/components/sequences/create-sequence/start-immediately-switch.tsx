import * as SwitchPrimitive from '@radix-ui/react-switch'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * "Start immediately": a switch with JavaScript (Radix posts it through a hidden checkbox),
 * a plain checkbox before hydration, so the form posts `name=on` either way.
 */
export function StartImmediatelySwitch({
	id,
	name,
	defaultChecked,
	disabled,
}: {
	id: string
	name: string
	defaultChecked: boolean
	disabled?: boolean
}) {
	const hydrated = useHydrated()
	return (
		<div className="flex items-center gap-3">
			{hydrated ? (
				<SwitchPrimitive.Root
					id={id}
					name={name}
					defaultChecked={defaultChecked}
					disabled={disabled}
					className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
				>
					<SwitchPrimitive.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
				</SwitchPrimitive.Root>
			) : (
				<Checkbox id={id} name={name} defaultChecked={defaultChecked} disabled={disabled} />
			)}
			<div className="grid gap-0.5">
				<Label htmlFor={id}>Start immediately</Label>
				<p className="text-xs text-muted-foreground">Activate the sequence as soon as it is created.</p>
			</div>
		</div>
	)
}
